import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { SessionsList, useDeviceLabel } from './SessionsList';
import { sessionKeys, sessionsApi, type SessionView } from './sessions-api';

export interface SessionsOwner {
  id: string;
  name: string;
}

/** User Management: an admin sees a user's live sessions and ends any of them (audited with the admin as actor). */
export function UserSessionsDialog({ user, onClose }: { user: SessionsOwner | null; onClose: () => void }) {
  const { t } = useTranslation('sessions');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const deviceLabel = useDeviceLabel();
  const userId = user?.id ?? '';
  const sessions = useQuery({ queryKey: sessionKeys.ofUser(userId), queryFn: () => sessionsApi.ofUser(userId), enabled: user !== null });
  const end = useMutation({
    mutationFn: (session: SessionView) => sessionsApi.endUsers(userId, session.id),
    onSuccess: () => notification.success({ title: t('messages.endedTitle'), description: t('admin.ended', { name: user?.name ?? '' }) }),
    onError: (error) => notification.error({ title: t('messages.endFailedTitle'), description: serverMessage(error) ?? t('messages.endFailed') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.ofUser(userId) }),
  });

  function confirmEnd(session: SessionView) {
    void modal.confirm({
      title: t('confirm.endTitle'),
      content: t('admin.confirmEnd', { name: user?.name ?? '', device: deviceLabel(session), address: session.address ?? t('list.unknownAddress') }),
      okText: t('list.end'),
      okButtonProps: { danger: true },
      cancelText: t('confirm.cancel'),
      onOk: () => end.mutateAsync(session).catch(() => undefined),
    });
  }

  return (
    <Modal open={user !== null} title={t('admin.title', { name: user?.name ?? '' })} onCancel={onClose} footer={<Button onClick={onClose}>{t('admin.close')}</Button>} width={640} destroyOnHidden>
      {modalHolder}
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : sessions.isError ? (
        <Alert type="error" showIcon title={serverMessage(sessions.error) ?? t('messages.loadFailed')} action={<Button onClick={() => void sessions.refetch()}>{t('retry')}</Button>} />
      ) : (
        <SessionsList sessions={sessions.data.items} onEnd={confirmEnd} ending={end.isPending ? (end.variables?.id ?? null) : null} />
      )}
    </Modal>
  );
}
