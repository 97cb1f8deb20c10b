import KeyOutlined from '@ant-design/icons/KeyOutlined';
import type { PasskeySummary } from '@portal/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { createPasskey, isPasskeyCeremonyError } from '../auth/passkey-ceremony';
import { formatDateTime } from '../ui/date-format';
import { passkeyKeys, passkeysApi } from './passkeys-api';

/** As the server allows (PASSKEY_NAME_MAX_LENGTH). */
const NAME_MAX_LENGTH = 64;

/**
 * Settings → Security, Passkeys: the person's passkeys (name, added, last used), adding one
 * (a name, then the browser's prompt), renaming and removing them.
 */
export function PasskeysSection() {
  const { t } = useTranslation('account-security');
  const passkeys = useQuery({ queryKey: passkeyKeys.list, queryFn: passkeysApi.list });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const removal = useMutation({
    mutationFn: (passkey: PasskeySummary) => passkeysApi.remove(passkey.id),
    onSuccess: (_, passkey) => {
      void queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      notification.success({ title: t('passkeys.removedTitle'), description: t('passkeys.removed', { name: passkey.name }) });
    },
    onError: (error) => notification.error({ title: t('passkeys.removeFailedTitle'), description: serverMessage(error) ?? t('passkeys.removeFailed') }),
  });

  const confirmRemoval = (passkey: PasskeySummary) =>
    void modal.confirm({
      title: t('passkeys.removeTitle'),
      content: t('passkeys.removeText', { name: passkey.name }),
      okText: t('passkeys.remove'),
      cancelText: t('passkeys.cancel'),
      okButtonProps: { danger: true },
      onOk: () => removal.mutateAsync(passkey).catch(() => undefined),
    });

  return (
    <Card title={t('passkeys.title')} extra={<Button icon={<KeyOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>{t('passkeys.add')}</Button>}>
      {modalHolder}
      <Typography.Paragraph type="secondary">{t('passkeys.description')}</Typography.Paragraph>
      {passkeys.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : passkeys.isError ? (
        <Alert type="error" showIcon title={t('passkeys.loadFailed')} action={<Button onClick={() => void passkeys.refetch()}>{t('retry')}</Button>} />
      ) : passkeys.data.items.length === 0 ? (
        <Typography.Text>{t('passkeys.none')}</Typography.Text>
      ) : (
        <ul className="passkey-list" aria-label={t('passkeys.title')} data-testid="passkey-list">
          {passkeys.data.items.map((passkey) => (
            <li key={passkey.id}>
              <Flex justify="space-between" align="center" gap={16} wrap style={{ padding: '12px 0' }}>
                <div>
                  <Typography.Text strong>{passkey.name}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {t('passkeys.added', { date: formatDateTime(passkey.createdAt) })}
                    {' · '}
                    {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
                  </Typography.Text>
                </div>
                <Space>
                  <Button onClick={() => setRenaming(passkey)} aria-label={t('passkeys.renameNamed', { name: passkey.name })}>
                    {t('passkeys.rename')}
                  </Button>
                  <Button danger onClick={() => confirmRemoval(passkey)} aria-label={t('passkeys.removeNamed', { name: passkey.name })}>
                    {t('passkeys.remove')}
                  </Button>
                </Space>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddPasskeyDialog onClose={() => setAdding(false)} />}
      {renaming && <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}

/** The name field both dialogs share, checked as the server checks it. */
function NameForm(props: { initial: string; submitLabel: string; pending: boolean; problem: string | null; onSubmit: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('account-security');
  const id = useId();
  const [name, setName] = useState(props.initial);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    props.onSubmit(name.trim());
  };
  const problem = missing ? t('passkeys.nameRequired') : props.problem;
  return (
    <form onSubmit={submit} noValidate>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor={id}>{t('passkeys.nameLabel')}</label>
        <Input
          id={id}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          placeholder={t('passkeys.namePlaceholder')}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setMissing(false);
          }}
        />
        {problem && <Alert id={`${id}-problem`} type="error" showIcon title={problem} role="alert" />}
        <Flex justify="flex-end" gap={8}>
          <Button onClick={props.onCancel}>{t('passkeys.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Flex>
      </Space>
    </form>
  );
}

function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account-security');
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: async (name: string) => {
      const { publicKey } = await passkeysApi.registrationOptions();
      const credential = await createPasskey(publicKey);
      return passkeysApi.register({ name, credential });
    },
    onSuccess: (passkey) => {
      void queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      notification.success({ title: t('passkeys.addedTitle'), description: t('passkeys.addedText', { name: passkey.name }) });
      onClose();
    },
    onError: (error) => {
      if (!isPasskeyCeremonyError(error)) setProblem(serverMessage(error) ?? t('passkeys.addFailed'));
      else if (error.problem === 'cancelled') setProblem(t('passkeys.cancelled'));
      else if (error.problem === 'unsupported') setProblem(t('passkeys.unsupported'));
      else if (error.problem === 'already-registered') setProblem(t('passkeys.alreadyOnDevice'));
      else setProblem(t('passkeys.addFailed'));
    },
  });
  return (
    <Modal open title={t('passkeys.addTitle')} onCancel={onClose} footer={null} maskClosable={false}>
      <Typography.Paragraph>{t('passkeys.addInstructions')}</Typography.Paragraph>
      <NameForm
        initial=""
        submitLabel={t('passkeys.addSubmit')}
        pending={add.isPending}
        problem={problem}
        onSubmit={(name) => {
          setProblem(null);
          add.mutate(name);
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: PasskeySummary; onClose: () => void }) {
  const { t } = useTranslation('account-security');
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (name: string) => passkeysApi.rename(passkey.id, name),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      notification.success({ title: t('passkeys.renamedTitle') });
      onClose();
    },
    onError: (error) => setProblem(serverMessage(error) ?? t('passkeys.renameFailed')),
  });
  return (
    <Modal open title={t('passkeys.renameTitle')} onCancel={onClose} footer={null}>
      <NameForm
        initial={passkey.name}
        submitLabel={t('passkeys.save')}
        pending={rename.isPending}
        problem={problem}
        onSubmit={(name) => {
          setProblem(null);
          rename.mutate(name);
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}
