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
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { SessionsSection } from '../sessions/SessionsSection';
import { PasskeysSection } from './PasskeysSection';
import { securityApi, securityKeys } from './security-api';
import { CodeEntry, EnrolmentSecret, RecoveryCodes } from './TwoFactorPieces';

const PASSWORD_MIN_LENGTH = 6;

function problemOf(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The Security tab of Account Settings: two-factor, biometric login, login alerts, and the password. */
export function SecuritySettings() {
  const { t } = useTranslation('account-security');
  const preferences = useQuery({ queryKey: securityKeys.preferences, queryFn: securityApi.preferences });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('settings.title')}>
        {preferences.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : preferences.isError ? (
          <Alert type="error" showIcon title={t('settings.loadFailed')} action={<Button onClick={() => void preferences.refetch()}>{t('retry')}</Button>} />
        ) : (
          <SecurityToggles preferences={preferences.data} />
        )}
      </Card>
      <ChangePasswordCard />
      <PasskeysSection />
      <SessionsSection />
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
  const { t } = useTranslation('account-security');
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const save = useMutation({
    mutationFn: securityApi.updatePreferences,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(securityKeys.preferences, saved);
      const changed =
        sent.loginAlerts !== preferences.loginAlerts
          ? t(saved.loginAlerts ? 'settings.loginAlertsOn' : 'settings.loginAlertsOff')
          : t(saved.biometricLogin ? 'settings.biometricOn' : 'settings.biometricOff');
      notification.success({ title: t('settings.savedTitle'), description: changed });
    },
    onError: (error) => notification.error({ title: t('settings.saveFailedTitle'), description: problemOf(error, t('messages.saveFailed')) }),
  });
  const set = (change: Partial<Pick<SecurityPreferences, 'loginAlerts' | 'biometricLogin'>>) =>
    save.mutate({ loginAlerts: preferences.loginAlerts, biometricLogin: preferences.biometricLogin, ...change });

  return (
    <>
      <ToggleRow
        title={t('settings.twoFactor')}
        description={preferences.twoFactorEnabled ? t('settings.twoFactorOn') : t('settings.twoFactorOff')}
        checked={preferences.twoFactorEnabled}
        onChange={(checked) => (checked ? setEnrolling(true) : setDisabling(true))}
        testId="two-factor-toggle"
      />
      <ToggleRow
        title={t('settings.biometric')}
        description={t('settings.biometricDescription')}
        checked={preferences.biometricLogin}
        loading={save.isPending && save.variables?.biometricLogin !== preferences.biometricLogin}
        onChange={(checked) => set({ biometricLogin: checked })}
        testId="biometric-login-toggle"
      />
      <ToggleRow
        title={t('settings.loginAlerts')}
        description={t('settings.loginAlertsDescription')}
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
  const { t } = useTranslation('account-security');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enrolment = useQuery<TwoFactorEnrolment>({ queryKey: ['me', 'two-factor', 'enrolment'], queryFn: securityApi.startTwoFactor, gcTime: 0, staleTime: Infinity, retry: false });
  const confirm = useMutation({
    mutationFn: securityApi.confirmTwoFactor,
    onSuccess: (result) => {
      setRecoveryCodes(result.recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: securityKeys.preferences });
      notification.success({ title: t('enable.doneTitle'), description: t('enable.done') });
    },
    onError: (error) => {
      const text = problemOf(error, t('enable.failed'));
      setProblem(text);
      notification.error({ title: t('verificationFailed'), description: text });
    },
  });

  return (
    <Modal
      open
      title={t('enable.title')}
      onCancel={onClose}
      maskClosable={false}
      footer={recoveryCodes ? <Button type="primary" onClick={onClose}>{t('enable.savedCodes')}</Button> : null}
      width={600}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onCopied={() => message.success(t('recoveryCodes.copied'))} />
      ) : enrolment.isPending ? (
        <Skeleton active />
      ) : enrolment.isError ? (
        <Alert type="error" showIcon title={problemOf(enrolment.error, t('enable.startFailed'))} />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <EnrolmentSecret enrolment={enrolment.data} />
          {problem && <Alert type="error" showIcon title={problem} />}
          <CodeEntry
            label={t('enable.codeLabel')}
            value={code}
            onChange={(value) => {
              setCode(value);
              setProblem(null);
            }}
            onSubmit={() => confirm.mutate(code.trim())}
            submitLabel={t('enable.submit')}
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
  const { t } = useTranslation('account-security');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: securityApi.disableTwoFactor,
    onSuccess: (saved) => {
      queryClient.setQueryData(securityKeys.preferences, saved);
      notification.success({ title: t('disable.doneTitle'), description: t('disable.done') });
      onClose();
    },
    onError: (error) => {
      const text = problemOf(error, t('disable.failed'));
      setProblem(text);
      notification.error({ title: t('verificationFailed'), description: text });
    },
  });
  return (
    <Modal open title={t('disable.title')} onCancel={onClose} footer={null}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('disable.instructions')}</Typography.Paragraph>
        {problem && <Alert type="error" showIcon title={problem} />}
        <CodeEntry
          label={t('disable.codeLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setProblem(null);
          }}
          onSubmit={() => disable.mutate(code.trim())}
          submitLabel={t('disable.submit')}
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
  const { t } = useTranslation('account-security');
  const change = useMutation({
    mutationFn: securityApi.changePassword,
    onSuccess: (result) => {
      form.resetFields();
      notification.success({
        title: t('password.updatedTitle'),
        description: result.otherSessionsEnded > 0 ? t('password.updatedOthersSignedOut') : t('password.updated'),
      });
    },
    onError: (error) => {
      const text = problemOf(error, t('password.updateFailed'));
      if (isApiError(error) && error.details.length > 0) {
        form.setFields(error.details.filter((detail) => detail.field === 'currentPassword' || detail.field === 'newPassword').map((detail) => ({ name: detail.field as keyof PasswordFields, errors: [detail.message] })));
      }
      notification.error({ title: t('password.updateFailedTitle'), description: text });
    },
  });

  return (
    <Card title={t('password.title')}>
      <Form<PasswordFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 420 }}
        onFinish={({ currentPassword = '', newPassword = '' }) => change.mutate({ currentPassword, newPassword })}
      >
        <Form.Item label={t('password.current')} name="currentPassword" rules={[{ required: true, message: t('password.currentRequired') }]}>
          <Password autoComplete="current-password" prefix={<LockOutlined />} placeholder={t('password.currentPlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('password.new')}
          name="newPassword"
          rules={[
            { required: true, message: t('password.newRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) },
          ]}
        >
          <Password autoComplete="new-password" prefix={<LockOutlined />} placeholder={t('password.newPlaceholder', { min: PASSWORD_MIN_LENGTH })} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
