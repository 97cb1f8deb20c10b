import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { SessionsList, useDeviceLabel } from './SessionsList';
import { sessionKeys, sessionsApi, type SessionView } from './sessions-api';

/** Settings → Security: the signed-in person's live sessions; end any other one, or all others. */
export function SessionsSection() {
  const { t } = useTranslation('sessions');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const deviceLabel = useDeviceLabel();
  const sessions = useQuery({ queryKey: sessionKeys.mine, queryFn: sessionsApi.mine });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine });
  const failed = (error: unknown) => notification.error({ title: t('messages.endFailedTitle'), description: serverMessage(error) ?? t('messages.endFailed') });
  const endOne = useMutation({
    mutationFn: (session: SessionView) => sessionsApi.endMine(session.id),
    onSuccess: () => notification.success({ title: t('messages.endedTitle'), description: t('messages.ended') }),
    onError: failed,
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: sessionsApi.endMyOthers,
    onSuccess: (result) => notification.success({ title: t('messages.endedTitle'), description: t('messages.endedOthers', { count: result.ended }) }),
    onError: failed,
    onSettled: refresh,
  });
  const others = sessions.data?.items.filter((session) => !session.current) ?? [];

  function confirmEnd(session: SessionView) {
    void modal.confirm({
      title: t('confirm.endTitle'),
      content: t('confirm.endText', { device: deviceLabel(session), address: session.address ?? t('list.unknownAddress') }),
      okText: t('list.end'),
      okButtonProps: { danger: true },
      cancelText: t('confirm.cancel'),
      onOk: () => endOne.mutateAsync(session).catch(() => undefined),
    });
  }

  function confirmEndOthers() {
    void modal.confirm({
      title: t('confirm.endOthersTitle'),
      content: t('confirm.endOthersText', { count: others.length }),
      okText: t('endOthers'),
      okButtonProps: { danger: true },
      cancelText: t('confirm.cancel'),
      onOk: () => endOthers.mutateAsync().catch(() => undefined),
    });
  }

  return (
    <Card
      title={t('title')}
      data-testid="sessions-section"
      extra={
        <Button danger disabled={others.length === 0} loading={endOthers.isPending} onClick={confirmEndOthers}>
          {t('endOthers')}
        </Button>
      }
    >
      {modalHolder}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('description')}</Typography.Text>
        {sessions.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : sessions.isError ? (
          <Alert type="error" showIcon title={t('messages.loadFailed')} action={<Button onClick={() => void sessions.refetch()}>{t('retry')}</Button>} />
        ) : (
          <SessionsList sessions={sessions.data.items} onEnd={confirmEnd} ending={endOne.isPending ? (endOne.variables?.id ?? null) : null} />
        )}
      </Space>
    </Card>
  );
}
