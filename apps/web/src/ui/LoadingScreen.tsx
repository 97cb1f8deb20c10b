import { useTranslation } from 'react-i18next';

/**
 * Shown while the session is being restored and while a page's code loads (spec 01 §2,
 * "Route guarding"). Plain markup styled in styles.css, not antd's Card and Typography:
 * it is on every first load, before any page, so it must cost next to nothing.
 */
export function LoadingScreen() {
  const { t } = useTranslation('ui');
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="plain-card loading-card">
        <div className="loading-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <span className="loading-text">{t('loading')}</span>
      </div>
    </div>
  );
}
