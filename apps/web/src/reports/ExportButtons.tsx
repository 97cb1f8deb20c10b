import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { formatNumber } from '../ui/number-format';
import { reportsApi, saveFile, type ExportFormat } from './reports-api';

type Target = Parameters<typeof reportsApi.download>[0];

/** Export CSV and Excel of what is on screen, streamed from the server; the bytes received show while it downloads. */
export function ExportButtons({ target, disabled }: { target: Target; disabled?: boolean }) {
  const { t } = useTranslation('reports');
  const { notification } = useFeedback();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [received, setReceived] = useState(0);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setReceived(0);
    try {
      const { blob, fileName } = await reportsApi.download(target, format, setReceived);
      saveFile(blob, fileName);
      notification.success({ title: t('export.exported'), description: t('export.downloaded', { fileName }) });
    } catch (error) {
      notification.error({ title: t('export.failed'), description: serverMessage(error) ?? t('export.failedText') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap>
      <Button onClick={() => run('csv')} loading={busy === 'csv'} disabled={disabled || busy !== null}>
        {t('export.csv')}
      </Button>
      <Button onClick={() => run('xlsx')} loading={busy === 'xlsx'} disabled={disabled || busy !== null}>
        {t('export.excel')}
      </Button>
      {busy && (
        <span role="status" data-testid="export-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 200 }}>
          <Progress percent={100} status="active" showInfo={false} size="small" style={{ width: 100, margin: 0 }} />
          <Typography.Text type="secondary">
            {received < 1024 ? t('export.receivedBytes', { size: formatNumber(received) }) : t('export.receivedKb', { size: formatNumber(Math.round(received / 1024)) })}
          </Typography.Text>
        </span>
      )}
    </Space>
  );
}
