import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFeedback } from '../app/feedback';
import { serverMessage } from '../api/api-error';
import { amounts, dateTime, day, money, statusColour } from './format';
import { moneyApi, type CreateSecurityDepositRequest, type SecurityDepositView } from './money-api';
import { positiveAmount } from './money-rules';
import { moneyKeys } from './query-keys';
import { useBalance, useMoneyMutation } from './use-money';

/**
 * Spec 02 §2 Security Deposit Management. Customers see their own deposits; admins see
 * every customer's, create them and lock or unlock them (a server-checked admin action).
 */
export function SecurityDepositPanel({ admin }: { admin: boolean }) {
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: admin ? moneyKeys.adminSecurityDeposits() : moneyKeys.securityDeposits(),
    queryFn: admin ? moneyApi.adminSecurityDeposits : moneyApi.ownSecurityDeposits,
  });
  const { data: balance } = useBalance();
  const [details, setDetails] = useState<SecurityDepositView | null>(null);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ email: string; amount: string; lockReason?: string }>();
  const create = useMoneyMutation((body: CreateSecurityDepositRequest, key: string) => moneyApi.createSecurityDeposit(body, key));
  const toggle = useMutation({
    mutationFn: (row: SecurityDepositView) => moneyApi.setSecurityDepositLock(row.id, row.status !== 'locked'),
    onSuccess: (row) => {
      notification.success({ message: `Security Deposit ${row.status === 'locked' ? 'Locked' : 'Unlocked'}`, description: `Security deposit has been successfully ${row.status}.` });
      return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
    onError: (error) => notification.error({ message: 'Update Failed', description: serverMessage(error) ?? 'There was an error updating the security deposit status.' }),
  });

  return (
    <Card
      title="Security Deposit Management"
      extra={
        admin ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            Create Deposit
          </Button>
        ) : (
          <span>Only administrators can create deposits.</span>
        )
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Statistic title="Total Locked" value={amounts(data?.totalLocked)} loading={isLoading} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="Active Deposits" value={data?.activeDeposits ?? 0} loading={isLoading} />
        </Col>
        {!admin && (
          <Col xs={12} md={8}>
            <Statistic title="Available Balance" value={money(balance?.available ?? 0, balance?.currency ?? 'USD')} />
          </Col>
        )}
      </Row>
      <Table<SecurityDepositView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 700 }}
        locale={{ emptyText: <Empty description={<>No security deposits found<br />{admin ? 'Create your first security deposit to get started' : ''}</>} /> }}
        columns={[
          ...(admin ? [{ title: 'Client', render: (_: unknown, row: SecurityDepositView) => (row.client ? `${row.client.firstName} ${row.client.lastName}` : row.userId) }] : []),
          { title: 'Amount', render: (_, row) => money(row.amount, row.currency) },
          { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag color={statusColour(status)}>{status}</Tag> },
          { title: 'Lock Reason', dataIndex: 'lockReason', render: (reason: string | null) => reason ?? '—' },
          { title: 'Created', dataIndex: 'createdAt', render: day },
          { title: 'Last Updated', dataIndex: 'updatedAt', render: day },
          {
            title: 'Actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setDetails(row)}>
                  View
                </Button>
                {admin && (
                  <Switch
                    checkedChildren="Locked"
                    unCheckedChildren="Unlocked"
                    checked={row.status === 'locked'}
                    loading={toggle.isPending && toggle.variables?.id === row.id}
                    onChange={() => toggle.mutate(row)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <Alert
        style={{ marginTop: 16 }}
        type="info"
        showIcon
        message="Security deposit policy"
        description="Security deposits stay locked until investment maturity. An emergency unlock releases the amount to the available balance and is recorded in the audit log."
      />
      <Modal open={details !== null} title="Security Deposit Details" footer={null} onCancel={() => setDetails(null)}>
        {details && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="Amount">{money(details.amount, details.currency)}</Descriptions.Item>
            <Descriptions.Item label="Status">{details.status}</Descriptions.Item>
            <Descriptions.Item label="Lock Reason">{details.lockReason ?? '—'}</Descriptions.Item>
            {details.client && <Descriptions.Item label="Client">{details.client.firstName} {details.client.lastName} ({details.client.email})</Descriptions.Item>}
            <Descriptions.Item label="Created">{dateTime(details.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Last Updated">{dateTime(details.updatedAt)}</Descriptions.Item>
            <Descriptions.Item label="ID">{details.id}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      {admin && (
        <Modal
          open={creating}
          title="Create Security Deposit"
          okText="Create Deposit"
          confirmLoading={create.isPending}
          onCancel={() => setCreating(false)}
          onOk={() => form.submit()}
        >
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) =>
              create.mutate(
                { email: values.email, amount: values.amount, currency: 'USD', lockReason: values.lockReason || 'Investment security requirement' },
                {
                  onSuccess: () => {
                    notification.success({ message: 'Security Deposit Created', description: 'Security deposit has been successfully locked.' });
                    form.resetFields();
                    setCreating(false);
                  },
                  onError: (error) => notification.error({ message: 'Security Deposit Failed', description: serverMessage(error) ?? 'There was an error creating the security deposit.' }),
                },
              )
            }
          >
            <Form.Item label="Customer email" name="email" rules={[{ required: true, type: 'email', message: 'Please enter the customer’s email.' }]}>
              <Input />
            </Form.Item>
            <Form.Item
              label="Amount (USD)"
              name="amount"
              rules={[{ required: true, message: 'Please enter an amount greater than 0.' }, { validator: (_, value) => (!value || positiveAmount(value) ? Promise.resolve() : Promise.reject(new Error('Please enter an amount greater than 0.'))) }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item label="Lock Reason" name="lockReason">
              <Input placeholder="Investment security requirement" maxLength={500} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Card>
  );
}
