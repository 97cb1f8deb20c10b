import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminKycDocumentView } from '@portal/api-client';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { openDocument } from '../applications/applications-api';
import { formatDate } from '../applications/labels';
import { kycApi, kycKeys, type AdminDocumentFilter, type KycDocumentStatus } from './kyc-api';
import { KycDecisionDialog, type KycDecisionTarget } from './KycDecisionDialog';
import { DOCUMENT_STATUS_COLORS, DOCUMENT_TYPE_LABELS } from './labels';

const nameOf = (document: AdminKycDocumentView) => document.userName ?? document.userEmail ?? 'Unknown user';

/** Spec 02 "KYC & Document Verification": stat cards, search, status filter, table with View, Review, Message, and user-level KYC decisions. */
export function KycReview() {
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
  const query = useQuery({ queryKey: kycKeys.admin(filter), queryFn: () => kycApi.adminList(filter), placeholderData: keepPreviousData });
  const counters = query.data?.counters;

  const review = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approved' | 'rejected' }) => kycApi.review(id, decision, notes.trim()),
    onSuccess: async () => {
      notification.success({ message: 'Document Review Updated' });
      setReviewing(null);
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
    onError: (error) => notification.error({ message: 'Update Failed', description: serverMessage(error) ?? 'Failed to update document review' }),
  });
  const sendRequest = useMutation({
    mutationFn: (userId: string) => kycApi.requestDocument(userId, message.trim()),
    onSuccess: () => {
      notification.success({ message: 'Document Request Sent' });
      setMessaging(null);
    },
    onError: (error) => notification.error({ message: 'Request Failed', description: serverMessage(error) ?? 'Failed to send the document request' }),
  });

  const tiles: [string, number | undefined][] = [
    ['Total Documents', counters?.total],
    ['Pending Review', counters?.pending],
    ['Approved', counters?.approved],
    ['Rejected', counters?.rejected],
  ];

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {tiles.map(([title, value]) => (
          <Col key={title} xs={12} md={6}>
            <Card>
              <Statistic title={title} value={value ?? 0} loading={query.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search documents"
          placeholder="Search by user name or document type"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined, page: 1 })}
          style={{ width: 300 }}
        />
        <Select<KycDocumentStatus | 'all'>
          aria-label="Status filter"
          value={filter.status ?? 'all'}
          style={{ width: 160 }}
          onChange={(status) => setFilter({ ...filter, status: status === 'all' ? undefined : status, page: 1 })}
          options={[
            { value: 'all', label: 'All statuses' },
            { value: 'pending', label: 'Pending' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
      </Space>
      {query.isError && <Typography.Text type="danger">The documents could not be loaded.</Typography.Text>}
      <Table<AdminKycDocumentView>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        locale={{ emptyText: 'No documents found' }}
        pagination={{
          current: query.data?.page ?? filter.page ?? 1,
          pageSize: query.data?.pageSize ?? filter.pageSize ?? 20,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (page) => setFilter({ ...filter, page }),
        }}
        columns={[
          {
            title: 'User',
            key: 'user',
            render: (_, document) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{nameOf(document)}</Typography.Text>
                <Typography.Text type="secondary">{document.userEmail ?? ''}</Typography.Text>
                <Space size={4}>
                  {document.userKycStatus && <Tag>KYC {document.userKycStatus}</Tag>}
                  {document.userBiometricVerifiedAt ? <Tag color="green">Biometric verified</Tag> : <Tag>No biometric check</Tag>}
                </Space>
              </Space>
            ),
          },
          { title: 'Document Type', key: 'type', render: (_, document) => DOCUMENT_TYPE_LABELS[document.documentType] },
          { title: 'Status', key: 'status', render: (_, document) => <Tag color={DOCUMENT_STATUS_COLORS[document.status]}>{document.status}</Tag> },
          { title: 'Uploaded', key: 'uploaded', render: (_, document) => formatDate(document.uploadedAt) },
          { title: 'Reviewer', key: 'reviewer', render: (_, document) => (document.reviewedBy ? 'Admin' : '—') },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, document) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => openDocument(document.fileId).catch((error) => notification.error({ message: 'The document could not be opened', description: serverMessage(error) ?? undefined }))}
                >
                  View
                </Button>
                <Button
                  size="small"
                  disabled={document.status !== 'pending'}
                  onClick={() => {
                    setNotes('');
                    setReviewing(document);
                  }}
                >
                  Review
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setMessage('');
                    setMessageProblem(null);
                    setMessaging(document);
                  }}
                >
                  Message
                </Button>
                {document.userKycStatus === 'pending' && (
                  <>
                    <Button size="small" type="primary" onClick={() => setDeciding({ userId: document.userId, name: nameOf(document), decision: 'verified' })}>
                      Approve KYC
                    </Button>
                    <Button size="small" danger onClick={() => setDeciding({ userId: document.userId, name: nameOf(document), decision: 'rejected' })}>
                      Reject KYC
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={reviewing !== null}
        title="Review document"
        onCancel={() => setReviewing(null)}
        footer={[
          <Button key="reject" danger loading={review.isPending} onClick={() => reviewing && review.mutate({ id: reviewing.id, decision: 'rejected' })}>
            Reject
          </Button>,
          <Button key="approve" type="primary" loading={review.isPending} onClick={() => reviewing && review.mutate({ id: reviewing.id, decision: 'approved' })}>
            Approve
          </Button>,
        ]}
      >
        {reviewing && (
          <Typography.Paragraph>
            {DOCUMENT_TYPE_LABELS[reviewing.documentType]} document of {nameOf(reviewing)}: {reviewing.fileName}
          </Typography.Paragraph>
        )}
        <Input.TextArea aria-label="Review notes" placeholder="Notes for the customer" rows={3} maxLength={1000} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Modal>
      <Modal
        open={messaging !== null}
        title="Request a document"
        okText="Send Request"
        okButtonProps={{ loading: sendRequest.isPending }}
        onCancel={() => setMessaging(null)}
        onOk={() => {
          if (!messaging) return;
          if (!message.trim()) {
            setMessageProblem('Please enter a message for the document request.');
            return;
          }
          sendRequest.mutate(messaging.userId);
        }}
      >
        {messaging && <Typography.Paragraph>To {nameOf(messaging)}</Typography.Paragraph>}
        <Input.TextArea
          aria-label="Message"
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
