import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';

/** Honest placeholder for a screen whose feature has not shipped: no sample data, no figures. */
export function FeatureNotAvailable({ feature }: { feature: string }) {
  return (
    <Card>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{feature} is not available yet.</Typography.Text>
            <br />
            <Typography.Text type="secondary">It will appear here as soon as it is ready.</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
