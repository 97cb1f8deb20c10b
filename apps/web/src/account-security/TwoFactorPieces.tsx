import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { TwoFactorEnrolment } from '@portal/api-client';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input/Input';
import QRCode from 'antd/es/qr-code';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

/** The new secret as a QR code for the authenticator app, and in letters for manual entry. */
export function EnrolmentSecret({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const { t } = useTranslation('account-security');
  return (
    <Flex gap={24} wrap align="center">
      <QRCode value={enrolment.otpauthUri} size={176} bordered aria-label={t('twoFactor.qrLabel')} />
      <Space orientation="vertical" size={4} style={{ maxWidth: 320 }}>
        <Typography.Text>{t('twoFactor.scan')}</Typography.Text>
        <Typography.Text type="secondary">{t('twoFactor.manualKey')}</Typography.Text>
        <Typography.Text code copyable data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Typography.Text>
      </Space>
    </Flex>
  );
}

/** A six-digit code (or, where accepted, a recovery code) with its submit button. */
export function CodeEntry(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  pending: boolean;
  allowRecoveryCode?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account-security');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor="two-factor-code">
          <Typography.Text strong>{props.label}</Typography.Text>
        </label>
        <Input
          id="two-factor-code"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          inputMode={props.allowRecoveryCode ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          placeholder={props.allowRecoveryCode ? t('twoFactor.codeOrRecoveryPlaceholder') : '123456'}
          maxLength={props.allowRecoveryCode ? 20 : 6}
          size="large"
          autoFocus={props.autoFocus}
        />
        <Button type="primary" htmlType="submit" loading={props.pending} disabled={!props.value.trim()} block size="large">
          {props.submitLabel}
        </Button>
      </Space>
    </form>
  );
}

function download(codes: string[]) {
  const text = [i18n.t('account-security:recoveryCodes.fileTitle'), i18n.t('account-security:recoveryCodes.fileHint'), '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'investment-portal-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Recovery codes, shown once: copy or download them before moving on. */
export function RecoveryCodes({ codes, onCopied }: { codes: string[]; onCopied?: () => void }) {
  const { t } = useTranslation('account-security');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title={t('recoveryCodes.title')}
        description={t('recoveryCodes.description')}
      />
      <ul className="recovery-codes" data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, paddingLeft: 20 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Space>
        <Button
          icon={<CopyOutlined />}
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => onCopied?.());
          }}
        >
          {t('recoveryCodes.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)}>
          {t('recoveryCodes.download')}
        </Button>
      </Space>
    </Space>
  );
}
