import KeyOutlined from '@ant-design/icons/KeyOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { isPasskeyCeremonyError, signWithPasskey } from '../auth/passkey-ceremony';
import { reauthenticationApi } from './reauthentication-api';

type Proof = 'password' | 'code';

interface ReauthenticationDialogProps {
  /** The answer the waiting call(s) get, at once: true once confirmed, false when the person gives up. */
  onAnswer: (confirmed: boolean) => void;
  /** After the closing animation: the dialog can be unmounted. */
  onClosed: () => void;
}

/**
 * The "Confirm it's you" dialog, open while it is mounted (ReauthenticationHost mounts it when an
 * action is refused for want of a recent sign-in): a password, an authenticator code or a passkey.
 */
export default function ReauthenticationDialog({ onAnswer, onClosed }: ReauthenticationDialogProps) {
  const { t } = useTranslation('reauthentication');
  const [open, setOpen] = useState(true);
  const [proof, setProof] = useState<Proof>('password');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'form' | 'passkey' | null>(null);
  const [form] = Form.useForm<{ secret: string }>();

  const finish = (confirmed: boolean) => {
    onAnswer(confirmed);
    setOpen(false);
  };

  const confirm = async (proved: () => Promise<unknown>, by: 'form' | 'passkey') => {
    setPending(by);
    setProblem(null);
    try {
      await proved();
      finish(true);
    } catch (error) {
      if (isPasskeyCeremonyError(error)) setProblem(t(error.problem === 'cancelled' ? 'passkeyCancelled' : 'passkeyFailed'));
      else setProblem(serverMessage(error) ?? t('failed'));
    } finally {
      setPending(null);
    }
  };

  const submit = ({ secret }: { secret: string }) =>
    confirm(() => (proof === 'password' ? reauthenticationApi.withPassword(secret) : reauthenticationApi.withCode(secret.replace(/\s+/g, ''))), 'form');

  const withPasskey = () =>
    confirm(async () => {
      const { publicKey } = await reauthenticationApi.passkeyOptions();
      await reauthenticationApi.withPasskey(await signWithPasskey(publicKey));
    }, 'passkey');

  const switchProof = () => {
    setProof(proof === 'password' ? 'code' : 'password');
    setProblem(null);
    form.resetFields();
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={() => finish(false)}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'reauthentication', loading: pending === 'form', disabled: pending === 'passkey' }}
      afterClose={onClosed}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Form id="reauthentication" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        {proof === 'password' ? (
          <Form.Item name="secret" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
            <Password autoComplete="current-password" autoFocus />
          </Form.Item>
        ) : (
          <Form.Item name="secret" label={t('code')} extra={t('codeHint')} rules={[{ required: true, message: t('codeRequired') }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
          </Form.Item>
        )}
      </Form>
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 16 }} />}
      <Flex gap={8} wrap>
        <Button type="link" onClick={switchProof} style={{ paddingInline: 0 }}>
          {proof === 'password' ? t('useCode') : t('usePassword')}
        </Button>
        <Button icon={<KeyOutlined />} onClick={() => void withPasskey()} loading={pending === 'passkey'} disabled={pending === 'form'}>
          {t('usePasskey')}
        </Button>
      </Flex>
    </Modal>
  );
}
