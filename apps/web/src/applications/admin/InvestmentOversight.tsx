import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OversightRow } from '@portal/api-client';
import { serverMessage } from '../../api/api-error';
import { useFeedback } from '../../app/feedback';
import { applicationsApi, type OversightFilter } from '../applications-api';
import { StatusTag } from '../ApplicationStatusList';
import { formatDate, formatUsd, TYPE_LABELS } from '../labels';
import { applicationKeys } from '../query-keys';

/** Spec 02 "Investment Oversight" on the real applications and investments; Approve and Reject decide for real. */
export function InvestmentOversight() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<OversightFilter>({});
  const [selected, setSelected] = useState<OversightRow | null>(null);
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: applicationKeys.oversight(filter), queryFn: () => applicationsApi.adminInvestments(filter), placeholderData: keepPreviousData });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approved' | 'rejected' }) => applicationsApi.review(id, decision, ''),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      notification.success({ message: 'Application Updated', description: `The application is now ${updated.status}.` });
    },
    onError: (error) => notification.error({ message: 'Review Failed', description: serverMessage(error) ?? 'The decision could not be saved. Please try again.' }),
  });
  const tiles = query.data?.tiles;

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Total Investments" value={tiles?.totalInvestments ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Total Value" value={formatUsd(tiles?.totalValue ?? '0')} loading={query.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Active Investments" value={tiles?.activeInvestments ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Pending Applications" value={tiles?.pendingApplications ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search investments"
          placeholder="Search by client name, email or investment type"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined })}
          style={{ width: 320 }}
        />
        <Select
          aria-label="Investment status filter"
          value={filter.status ?? 'all'}
          style={{ width: 160 }}
          onChange={(status: string) => setFilter({ ...filter, status: status === 'all' ? undefined : (status as OversightFilter['status']) })}
          options={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'pending', label: 'Pending' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
      </Space>
      <Table<OversightRow>
        rowKey="applicationId"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: 'No investments found' }}
        columns={[
          {
            title: 'Client',
            render: (_, row) => (
              <div>
                {row.userName ?? '—'}
                <br />
                <small>{row.userEmail ?? ''}</small>
              </div>
            ),
          },
          { title: 'Investment Type', dataIndex: 'investmentType', render: (type: OversightRow['investmentType']) => TYPE_LABELS[type] },
          { title: 'Amount', dataIndex: 'amount', render: formatUsd },
          { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
          { title: 'Expected Return', dataIndex: 'expectedReturnRate', render: (rate: string | null) => (rate ? `${Number(rate)}%` : '—') },
          { title: 'Maturity Date', dataIndex: 'maturityDate', render: formatDate },
          {
            title: 'Actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setSelected(row)}>
                  View
                </Button>
                {row.status === 'pending' && (
                  <>
                    <Button size="small" type="primary" disabled={decide.isPending} onClick={() => decide.mutate({ id: row.applicationId, decision: 'approved' })}>
                      Approve
                    </Button>
                    <Button size="small" danger disabled={decide.isPending} onClick={() => decide.mutate({ id: row.applicationId, decision: 'rejected' })}>
                      Reject
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={selected !== null} title="Investment Details" onCancel={() => setSelected(null)} footer={null} destroyOnHidden>
        {selected && (
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label="Client">{selected.userName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Email">{selected.userEmail ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Investment type">{TYPE_LABELS[selected.investmentType]}</Descriptions.Item>
            <Descriptions.Item label="Amount">{formatUsd(selected.amount)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag status={selected.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Expected return">
              {selected.expectedReturnRate ? `${Number(selected.expectedReturnRate)}%` : '—'}
              {selected.expectedReturnAmount ? ` (${formatUsd(selected.expectedReturnAmount)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Application date">{formatDate(selected.applicationDate)}</Descriptions.Item>
            <Descriptions.Item label="Maturity date">{formatDate(selected.maturityDate)}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
