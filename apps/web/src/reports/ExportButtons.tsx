import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { reportsApi, saveFile, type ExportFormat } from './reports-api';

type Target = Parameters<typeof reportsApi.download>[0];

/** Export CSV and Excel of what is on screen, streamed from the server; the bytes received show while it downloads. */
export function ExportButtons({ target, disabled }: { target: Target; disabled?: boolean }) {
  const { notification } = useFeedback();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [received, setReceived] = useState(0);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setReceived(0);
    try {
      const { blob, fileName } = await reportsApi.download(target, format, setReceived);
      saveFile(blob, fileName);
      notification.success({ message: 'Report Exported', description: `${fileName} has been downloaded.` });
    } catch (error) {
      notification.error({ message: 'Export Failed', description: serverMessage(error) ?? 'Failed to export the report.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap>
      <Button onClick={() => run('csv')} loading={busy === 'csv'} disabled={disabled || busy !== null}>
        Export CSV
      </Button>
      <Button onClick={() => run('xlsx')} loading={busy === 'xlsx'} disabled={disabled || busy !== null}>
        Export Excel
      </Button>
      {busy && (
        <span role="status" data-testid="export-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 200 }}>
          <Progress percent={100} status="active" showInfo={false} size="small" style={{ width: 100, margin: 0 }} />
          <Typography.Text type="secondary">{received < 1024 ? `${received} bytes` : `${(received / 1024).toFixed(0)} KB`} received</Typography.Text>
        </span>
      )}
    </Space>
  );
}
