import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { StatTiles } from '../ui/StatTiles';
import { DataTable } from '../ui/DataTable';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminKycDocumentView } from '@portal/api-client';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { openDocument } from '../applications/applications-api';
import { formatDate } from '../applications/labels';
import { CursorPager } from '../ui/CursorPager';
import { useActionsColumn } from '../ui/table-actions';
import { useCursorPages } from '../ui/use-cursor-pages';
import { kycApi, kycKeys, type AdminDocumentFilter, type KycDocumentStatus } from './kyc-api';
import { KycDecisionDialog, type KycDecisionTarget } from './KycDecisionDialog';
import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS, KYC_STATUS_LABELS } from './labels';

const PAGE_SIZE = 20;
const nameOf = (t: TFunction<'kyc'>, document: AdminKycDocumentView) => document.userName ?? document.userEmail ?? t('review.unknownUser');

/** Spec 02 "KYC & Document Verification": stat cards, search, status filter, table with View, Review, Message, and user-level KYC decisions. */
export function KycReview() {
  const { t } = useTranslation('kyc');
  const actionsColumn = useActionsColumn();
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminDocumentFilter>({});
  const [reviewing, setReviewing] = useState<AdminKycDocumentView | null>(null);
  const [notes, setNotes] = useState('');
  const [messaging, setMessaging] = useState<AdminKycDocumentView | null>(null);
  const [message, setMessage] = useState('');
  const [messageProblem, setMessageProblem] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<KycDecisionTarget | null>(null);
  const pages = useCursorPages(filter);
  const pageQuery = { ...filter, cursor: pages.cursor, limit: PAGE_SIZE };
  const query = useQuery({ queryKey: kycKeys.admin(pageQuery), queryFn: () => kycApi.adminList(pageQuery), placeholderData: keepPreviousData });
  const counters = query.data?.counters;

  const review = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approved' | 'rejected' }) => kycApi.review(id, decision, notes.trim()),
    onSuccess: async () => {
      notification.success({ title: t('review.updated') });
      setReviewing(null);
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
    onError: (error) => notification.error({ title: t('review.updateFailedTitle'), description: serverMessage(error) ?? t('review.updateFailed') }),
  });
  const sendRequest = useMutation({
    mutationFn: (userId: string) => kycApi.requestDocument(userId, message.trim()),
    onSuccess: () => {
      notification.success({ title: t('review.requestSent') });
      setMessaging(null);
    },
    onError: (error) => notification.error({ title: t('review.requestFailedTitle'), description: serverMessage(error) ?? t('review.requestFailed') }),
  });

  const tiles = [
    { title: t('review.totalDocuments'), value: counters?.total ?? 0 },
    { title: t('review.pendingReview'), value: counters?.pending ?? 0 },
    { title: t('review.approved'), value: counters?.approved ?? 0 },
    { title: t('review.rejected'), value: counters?.rejected ?? 0 },
  ];

  return (
    <>
      <StatTiles tiles={tiles} loading={query.isLoading} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('review.search')}
          placeholder={t('review.searchPlaceholder')}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined })}
          style={{ width: 380, maxWidth: 'calc(100vw - 32px)' }}
        />
        <Select<KycDocumentStatus | 'all'>
          aria-label={t('review.statusFilter')}
          value={filter.status ?? 'all'}
          style={{ width: 160 }}
          onChange={(status) => setFilter({ ...filter, status: status === 'all' ? undefined : status })}
          options={[
            { value: 'all', label: t('review.allStatuses') },
            { value: 'pending', label: t('review.pending') },
            { value: 'approved', label: t('review.approved') },
            { value: 'rejected', label: t('review.rejected') },
          ]}
        />
      </Space>
      {query.isError && <Typography.Text type="danger">{t('review.loadFailed')}</Typography.Text>}
      <DataTable<AdminKycDocumentView>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        locale={{ emptyText: t('review.empty') }}
        scroll={{ x: 1000 }}
        pagination={false}
        columns={[
          {
            title: t('review.user'),
            key: 'user',
            render: (_, document) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{nameOf(t, document)}</Typography.Text>
                <Typography.Text type="secondary">{document.userEmail ?? ''}</Typography.Text>
                <Space size={4}>
                  {document.userKycStatus && <Tag>{t('review.kycStatus', { status: KYC_STATUS_LABELS[document.userKycStatus] ?? document.userKycStatus })}</Tag>}
                  {document.userBiometricVerifiedAt ? <Tag color="green">{t('review.biometricVerified')}</Tag> : <Tag>{t('review.noBiometric')}</Tag>}
                </Space>
              </Space>
            ),
          },
          { title: t('review.documentType'), key: 'type', render: (_, document) => DOCUMENT_TYPE_LABELS[document.documentType] },
          { title: t('review.status'), key: 'status', render: (_, document) => <Tag color={DOCUMENT_STATUS_COLORS[document.status]}>{DOCUMENT_STATUS_LABELS[document.status]}</Tag> },
          { title: t('review.uploaded'), key: 'uploaded', render: (_, document) => formatDate(document.uploadedAt) },
          { title: t('review.reviewer'), key: 'reviewer', render: (_, document) => (document.reviewedBy ? t('review.admin') : '—') },
          actionsColumn({
            title: t('review.actions'),
            width: 260,
            render: (_, document) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => openDocument(document.fileId).catch((error) => notification.error({ title: t('review.openFailed'), description: serverMessage(error) ?? undefined }))}
                >
                  {t('review.view')}
                </Button>
                <Button
                  size="small"
                  disabled={document.status !== 'pending'}
                  onClick={() => {
                    setNotes('');
                    setReviewing(document);
                  }}
                >
                  {t('review.review')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setMessage('');
                    setMessageProblem(null);
                    setMessaging(document);
                  }}
                >
                  {t('review.message')}
                </Button>
                {document.userKycStatus === 'pending' && (
                  <>
                    <Button size="small" type="primary" onClick={() => setDeciding({ userId: document.userId, name: nameOf(t, document), decision: 'verified' })}>
                      {t('decision.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => setDeciding({ userId: document.userId, name: nameOf(t, document), decision: 'rejected' })}>
                      {t('decision.reject')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          }),
        ]}
      />
      <CursorPager pages={pages} nextCursor={query.data?.nextCursor} total={query.data?.total} limit={PAGE_SIZE} hideOnSinglePage />
      <Modal
        open={reviewing !== null}
        title={t('review.reviewTitle')}
        onCancel={() => setReviewing(null)}
        footer={[
          <Button key="reject" danger loading={review.isPending} onClick={() => reviewing && review.mutate({ id: reviewing.id, decision: 'rejected' })}>
            {t('review.reject')}
          </Button>,
          <Button key="approve" type="primary" loading={review.isPending} onClick={() => reviewing && review.mutate({ id: reviewing.id, decision: 'approved' })}>
            {t('review.approve')}
          </Button>,
        ]}
      >
        {reviewing && (
          <Typography.Paragraph>
            {t('review.documentOf', { type: DOCUMENT_TYPE_LABELS[reviewing.documentType], name: nameOf(t, reviewing), file: reviewing.fileName })}
          </Typography.Paragraph>
        )}
        <Input.TextArea aria-label={t('review.reviewNotes')} placeholder={t('review.notesPlaceholder')} rows={3} maxLength={1000} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Modal>
      <Modal
        open={messaging !== null}
        title={t('review.requestTitle')}
        okText={t('review.sendRequest')}
        okButtonProps={{ loading: sendRequest.isPending }}
        onCancel={() => setMessaging(null)}
        onOk={() => {
          if (!messaging) return;
          if (!message.trim()) {
            setMessageProblem(t('review.messageRequired'));
            return;
          }
          sendRequest.mutate(messaging.userId);
        }}
      >
        {messaging && <Typography.Paragraph>{t('review.to', { name: nameOf(t, messaging) })}</Typography.Paragraph>}
        <Input.TextArea
          aria-label={t('review.message')}
          rows={4}
          maxLength={1000}
          value={message}
          status={messageProblem ? 'error' : undefined}
          onChange={(event) => {
            setMessage(event.target.value);
            setMessageProblem(null);
          }}
        />
        {messageProblem && <Typography.Text type="danger">{messageProblem}</Typography.Text>}
      </Modal>
      <KycDecisionDialog target={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
