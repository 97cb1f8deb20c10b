import Card from 'antd/es/card';
import Typography from 'antd/es/typography';

/** Shown while the session is being restored (spec 01 §2, "Route guarding"). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Card style={{ minWidth: 200, textAlign: 'center' }}>
        <div className="loading-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <Typography.Text type="secondary">Loading...</Typography.Text>
      </Card>
    </div>
  );
}
