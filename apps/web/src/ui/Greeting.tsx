import { useAuth } from '../auth/AuthProvider';
import { useTranslation } from 'react-i18next';

/**
 * Greets the signed-in person by first name. A greeting, not a section: styled large but
 * not a heading, so the page's outline (h2 title, then its sections) skips no level.
 */
export function Greeting() {
  const { user } = useAuth();
  const { t } = useTranslation('ui');
  if (!user) return null;
  return <p className="portal-greeting">{t('welcomeBack', { name: user.firstName })}</p>;
}
