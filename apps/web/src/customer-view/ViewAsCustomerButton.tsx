import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/ButtonLink';

/**
 * The sidebar's way into the read-only customer view, for admins whose role has the users
 * permission. It replaces spec 01's "Switch to User View" (a greyed customer menu that
 * opened nothing) deliberately, as issue 30 asks: a real view of one customer's screens.
 */
export function ViewAsCustomerButton({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('customer-view');
  return (
    <div style={{ padding: '16px 16px 8px' }}>
      <ButtonLink to="/admin/customer-view" block icon={<EyeOutlined aria-hidden />} onClickCapture={onNavigate}>
        {t('open')}
      </ButtonLink>
    </div>
  );
}
