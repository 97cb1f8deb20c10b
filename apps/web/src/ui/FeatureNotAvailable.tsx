import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** Honest placeholder for a screen whose feature has not shipped: no sample data, no figures. */
export function FeatureNotAvailable({ feature }: { feature: string }) {
  const { t } = useTranslation('ui');
  return (
    <Card>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('notAvailable.title', { feature })}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('notAvailable.soon')}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
