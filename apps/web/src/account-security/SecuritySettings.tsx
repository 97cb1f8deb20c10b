import LockOutlined from '@ant-design/icons/LockOutlined';
import type { SecurityPreferences, TwoFactorEnrolment } from '@portal/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { securityApi, securityKeys } from './security-api';
import { CodeEntry, EnrolmentSecret, RecoveryCodes } from './TwoFactorPieces';

const PASSWORD_MIN_LENGTH = 6;
const SAVE_FAILED = 'Failed to save preferences. Please try again.';

function problemOf(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The Security tab of Account Settings: two-factor, biometric login, login alerts, and the password. */
export function SecuritySettings() {
  const preferences = useQuery({ queryKey: securityKeys.preferences, queryFn: securityApi.preferences });
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Security Settings">
        {preferences.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : preferences.isError ? (
          <Alert type="error" showIcon title="Failed to load your security settings." action={<Button onClick={() => void preferences.refetch()}>Retry</Button>} />
        ) : (
          <SecurityToggles preferences={preferences.data} />
        )}
      </Card>
      <ChangePasswordCard />
    </Space>
  );
}

function ToggleRow(props: { title: string; description: string; checked: boolean; loading?: boolean; onChange: (checked: boolean) => void; testId: string }) {
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ padding: '12px 0' }}>
      <div>
        <Typography.Text strong>{props.title}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{props.description}</Typography.Text>
      </div>
      <Switch checked={props.checked} loading={props.loading} onChange={props.onChange} aria-label={props.title} data-testid={props.testId} />
    </Flex>
  );
}

function SecurityToggles({ preferences }: { preferences: SecurityPreferences }) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const save = useMutation({
    mutationFn: securityApi.updatePreferences,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(securityKeys.preferences, saved);
      const changed = sent.loginAlerts !== preferences.loginAlerts ? `Login alerts are ${saved.loginAlerts ? 'on' : 'off'}.` : `Biometric login is ${saved.biometricLogin ? 'on' : 'off'}.`;
      notification.success({ title: 'Preferences Saved', description: changed });
    },
    onError: (error) => notification.error({ title: 'Save Failed', description: problemOf(error, SAVE_FAILED) }),
  });
  const set = (change: Partial<Pick<SecurityPreferences, 'loginAlerts' | 'biometricLogin'>>) =>
    save.mutate({ loginAlerts: preferences.loginAlerts, biometricLogin: preferences.biometricLogin, ...change });

  return (
    <>
      <ToggleRow
        title="Two-Factor Authentication"
        description={preferences.twoFactorEnabled ? 'On: signing in asks for a code from your authenticator app.' : 'Add a code from an authenticator app to your password when you sign in.'}
        checked={preferences.twoFactorEnabled}
        onChange={(checked) => (checked ? setEnrolling(true) : setDisabling(true))}
        testId="two-factor-toggle"
      />
      <ToggleRow
        title="Biometric Login"
        description="Use your device's fingerprint or face recognition where it is supported."
        checked={preferences.biometricLogin}
        loading={save.isPending && save.variables?.biometricLogin !== preferences.biometricLogin}
        onChange={(checked) => set({ biometricLogin: checked })}
        testId="biometric-login-toggle"
      />
      <ToggleRow
        title="Login Alerts"
        description="Get an email when your account is signed in to from a new browser or address."
        checked={preferences.loginAlerts}
        loading={save.isPending && save.variables?.loginAlerts !== preferences.loginAlerts}
        onChange={(checked) => set({ loginAlerts: checked })}
        testId="login-alerts-toggle"
      />
      {enrolling && <EnableTwoFactorDialog onClose={() => setEnrolling(false)} />}
      {disabling && <DisableTwoFactorDialog onClose={() => setDisabling(false)} />}
    </>
  );
}

function EnableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { notification, message } = useFeedback();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enrolment = useQuery<TwoFactorEnrolment>({ queryKey: ['me', 'two-factor', 'enrolment'], queryFn: securityApi.startTwoFactor, gcTime: 0, staleTime: Infinity, retry: false });
  const confirm = useMutation({
    mutationFn: securityApi.confirmTwoFactor,
    onSuccess: (result) => {
      setRecoveryCodes(result.recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: securityKeys.preferences });
      notification.success({ title: 'Two-Factor Enabled', description: 'From now on, signing in asks for a code from your authenticator app.' });
    },
    onError: (error) => {
      const text = problemOf(error, 'Failed to turn on two-factor authentication. Please try again.');
      setProblem(text);
      notification.error({ title: 'Verification Failed', description: text });
    },
  });

  return (
    <Modal
      open
      title="Set up two-factor authentication"
      onCancel={onClose}
      maskClosable={false}
      footer={recoveryCodes ? <Button type="primary" onClick={onClose}>I have saved my codes</Button> : null}
      width={600}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onCopied={() => message.success('Copied to clipboard')} />
      ) : enrolment.isPending ? (
        <Skeleton active />
      ) : enrolment.isError ? (
        <Alert type="error" showIcon title={problemOf(enrolment.error, 'Failed to start two-factor setup. Please try again.')} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <EnrolmentSecret enrolment={enrolment.data} />
          {problem && <Alert type="error" showIcon title={problem} />}
          <CodeEntry
            label="Enter the 6-digit code from the app"
            value={code}
            onChange={(value) => {
              setCode(value);
              setProblem(null);
            }}
            onSubmit={() => confirm.mutate(code.trim())}
            submitLabel="Verify and turn on"
            pending={confirm.isPending}
            autoFocus
          />
        </Space>
      )}
    </Modal>
  );
}

function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: securityApi.disableTwoFactor,
    onSuccess: (saved) => {
      queryClient.setQueryData(securityKeys.preferences, saved);
      notification.success({ title: 'Two-Factor Disabled', description: 'Signing in now asks for your password only.' });
      onClose();
    },
    onError: (error) => {
      const text = problemOf(error, 'Failed to turn off two-factor authentication. Please try again.');
      setProblem(text);
      notification.error({ title: 'Verification Failed', description: text });
    },
  });
  return (
    <Modal open title="Turn off two-factor authentication" onCancel={onClose} footer={null}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>Enter a code from your authenticator app, or one of your recovery codes, to turn two-factor authentication off.</Typography.Paragraph>
        {problem && <Alert type="error" showIcon title={problem} />}
        <CodeEntry
          label="Authenticator or recovery code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setProblem(null);
          }}
          onSubmit={() => disable.mutate(code.trim())}
          submitLabel="Turn off"
          pending={disable.isPending}
          allowRecoveryCode
          autoFocus
        />
      </Space>
    </Modal>
  );
}

interface PasswordFields {
  currentPassword?: string;
  newPassword?: string;
}

function ChangePasswordCard() {
  const [form] = Form.useForm<PasswordFields>();
  const { notification } = useFeedback();
  const change = useMutation({
    mutationFn: securityApi.changePassword,
    onSuccess: (result) => {
      form.resetFields();
      notification.success({
        title: 'Password Updated',
        description: result.otherSessionsEnded > 0 ? 'Your password has been changed. Your other devices were signed out.' : 'Your password has been changed.',
      });
    },
    onError: (error) => {
      const text = problemOf(error, 'Failed to update password. Please try again.');
      if (isApiError(error) && error.details.length > 0) {
        form.setFields(error.details.filter((detail) => detail.field === 'currentPassword' || detail.field === 'newPassword').map((detail) => ({ name: detail.field as keyof PasswordFields, errors: [detail.message] })));
      }
      notification.error({ title: 'Update Failed', description: text });
    },
  });

  return (
    <Card title="Change Password">
      <Form<PasswordFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 420 }}
        onFinish={({ currentPassword = '', newPassword = '' }) => change.mutate({ currentPassword, newPassword })}
      >
        <Form.Item label="Current Password" name="currentPassword" rules={[{ required: true, message: 'Current password is required' }]}>
          <Password autoComplete="current-password" prefix={<LockOutlined />} placeholder="Your current password" />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="newPassword"
          rules={[
            { required: true, message: 'New password is required' },
            { min: PASSWORD_MIN_LENGTH, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` },
          ]}
        >
          <Password autoComplete="new-password" prefix={<LockOutlined />} placeholder="At least 6 characters" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Update Password
        </Button>
      </Form>
    </Card>
  );
}
