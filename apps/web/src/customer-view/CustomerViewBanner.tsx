import EyeOutlined from '@ant-design/icons/EyeOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * Says whose account the admin is looking at, read only, with the way out; announced
 * politely (role="status"). The button sits under the text, so on a phone the text keeps
 * the banner's width.
 */
export function CustomerViewBanner({ name }: { name: string | null }) {
  const { t } = useTranslation('customer-view');
  const navigate = useNavigate();
  return (
    <Alert
      role="status"
      type="info"
      showIcon
      icon={<EyeOutlined aria-hidden />}
      title={name ? t('banner.title', { name }) : t('banner.loading')}
      description={
        <Flex vertical align="start" gap={12}>
          <span>{t('banner.description')}</span>
          <Button onClick={() => navigate('/admin/customer-view')}>{t('banner.exit')}</Button>
        </Flex>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
