import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';

/** How admin accounts come to be: opened from the landing page's admin card, loaded only then. */
export default function AdminAccountsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <Modal
      title={t('landing.adminAccountsTitle')}
      open
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('landing.understood')}
        </Button>
      }
    >
      <p>{t('landing.adminAccountsText')}</p>
      <p style={{ marginBottom: 0 }}>{t('landing.adminAccessText')}</p>
    </Modal>
  );
}
