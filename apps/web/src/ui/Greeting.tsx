import Typography from 'antd/es/typography';
import { useAuth } from '../auth/AuthProvider';
import { useTranslation } from 'react-i18next';

/** Greets the signed-in person by first name. */
export function Greeting() {
  const { user } = useAuth();
  const { t } = useTranslation('ui');
  if (!user) return null;
  return (
    <Typography.Title level={4} style={{ marginTop: 0, fontWeight: 500 }}>
      {t('welcomeBack', { name: user.firstName })}
    </Typography.Title>
  );
}
