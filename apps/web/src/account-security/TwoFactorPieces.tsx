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

/** The new secret as a QR code for the authenticator app, and in letters for manual entry. */
export function EnrolmentSecret({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  return (
    <Flex gap={24} wrap align="center">
      <QRCode value={enrolment.otpauthUri} size={176} bordered aria-label="QR code for your authenticator app" />
      <Space direction="vertical" size={4} style={{ maxWidth: 320 }}>
        <Typography.Text>Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</Typography.Text>
        <Typography.Text type="secondary">Can&apos;t scan it? Enter this key in the app instead:</Typography.Text>
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
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="two-factor-code">
          <Typography.Text strong>{props.label}</Typography.Text>
        </label>
        <Input
          id="two-factor-code"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          inputMode={props.allowRecoveryCode ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          placeholder={props.allowRecoveryCode ? '123456 or xxxx-xxxx-xxxx' : '123456'}
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
  const text = ['Investment Portal recovery codes', 'Each code signs you in once when you cannot use your authenticator app.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'investment-portal-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Recovery codes, shown once: copy or download them before moving on. */
export function RecoveryCodes({ codes, onCopied }: { codes: string[]; onCopied?: () => void }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes"
        description="Each code signs you in once if you lose your authenticator app. They are shown only now: copy or download them and keep them somewhere safe."
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
          Copy codes
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)}>
          Download codes
        </Button>
      </Space>
    </Space>
  );
}
