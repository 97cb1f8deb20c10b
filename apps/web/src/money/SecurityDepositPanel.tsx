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
import { StatFigure } from '../ui/StatFigure';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app/feedback';
import { serverMessage } from '../api/api-error';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { useActionsColumn } from '../ui/table-actions';
import { amounts, dateTime, day, money, statusColour } from './format';
import { statusText } from './labels';
import { moneyApi, type CreateSecurityDepositRequest, type SecurityDepositView } from './money-api';
import { isPositiveAmount } from '@portal/domain-rules';
import { moneyKeys } from './query-keys';
import { useDisplayCurrency } from './display-currency';
import { useBalance, useMoneyMutation } from './use-money';

/** Spec 02 §5: the lock reason stored when the admin gives none (data, so the same in every language). */
const DEFAULT_LOCK_REASON = 'Investment security requirement';

/**
 * Spec 02 §2 Security Deposit Management. Customers see their own deposits; admins see
 * every customer's, create them and lock or unlock them (a server-checked admin action).
 */
export function SecurityDepositPanel({ admin }: { admin: boolean }) {
  const { t } = useTranslation('money');
  const actionsColumn = useActionsColumn();
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: admin ? moneyKeys.adminSecurityDeposits() : moneyKeys.securityDeposits(),
    queryFn: admin ? moneyApi.adminSecurityDeposits : moneyApi.ownSecurityDeposits,
  });
  const { currency } = useDisplayCurrency();
  const { data: balance } = useBalance(currency);
  const [details, setDetails] = useState<SecurityDepositView | null>(null);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ email: string; amount: string; lockReason?: string }>();
  // Spec 02 §5: Create stays disabled while the amount is empty.
  const amountTyped = (Form.useWatch('amount', form) ?? '').trim() !== '';
  const create = useMoneyMutation((body: CreateSecurityDepositRequest, key: string) => moneyApi.createSecurityDeposit(body, key));
  const toggle = useMutation({
    mutationFn: (row: SecurityDepositView) => moneyApi.setSecurityDepositLock(row.id, row.status !== 'locked'),
    onSuccess: (row) => {
      notification.success(
        row.status === 'locked'
          ? { title: t('security.locked'), description: t('security.lockedDescription') }
          : { title: t('security.unlocked'), description: t('security.unlockedDescription') },
      );
      return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
    onError: (error) => notification.error({ title: t('common.updateFailed'), description: serverMessage(error) ?? t('security.updateFailedDefault') }),
  });

  return (
    <Card
      title={t('security.title')}
      extra={
        admin ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('security.create')}
          </Button>
        ) : (
          <span>{t('security.adminsOnly')}</span>
        )
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <StatFigure title={t('security.totalLocked')} value={amounts(data?.totalLocked)} loading={isLoading} />
        </Col>
        <Col xs={12} md={8}>
          <StatFigure title={t('security.activeDeposits')} value={data?.activeDeposits ?? 0} loading={isLoading} />
        </Col>
        {!admin && (
          <Col xs={12} md={8}>
            <StatFigure title={t('common.availableBalance')} value={money(balance?.available ?? 0, currency)} />
          </Col>
        )}
      </Row>
      <ResponsiveTable<SecurityDepositView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={<>{t('security.empty')}<br />{admin ? t('security.emptyAdmin') : ''}</>} /> }}
        columns={[
          ...(admin ? [{ title: t('common.client'), render: (_: unknown, row: SecurityDepositView) => (row.client ? `${row.client.firstName} ${row.client.lastName}` : row.userId) }] : []),
          { title: t('common.amount'), render: (_, row) => money(row.amount, row.currency) },
          { title: t('common.status'), dataIndex: 'status', render: (status: string) => <Tag color={statusColour(status)}>{statusText(status)}</Tag> },
          { title: t('common.lockReason'), dataIndex: 'lockReason', render: (reason: string | null) => reason ?? '—' },
          { title: t('common.created'), dataIndex: 'createdAt', render: day },
          { title: t('common.lastUpdated'), dataIndex: 'updatedAt', render: day },
          actionsColumn({
            title: t('common.actions'),
            width: 200,
            render: (_, row) => (
              <Space wrap>
                <Button size="small" onClick={() => setDetails(row)}>
                  {t('common.view')}
                </Button>
                {admin && (
                  <Switch
                    checkedChildren={t('security.switchLocked')}
                    unCheckedChildren={t('security.switchUnlocked')}
                    checked={row.status === 'locked'}
                    loading={toggle.isPending && toggle.variables?.id === row.id}
                    onChange={() => toggle.mutate(row)}
                  />
                )}
              </Space>
            ),
          }),
        ]}
      />
      <Alert
        style={{ marginTop: 16 }}
        type="info"
        showIcon
        title={t('security.policyTitle')}
        description={t('security.policy')}
      />
      <Modal open={details !== null} title={t('security.detailsTitle')} footer={null} onCancel={() => setDetails(null)}>
        {details && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('common.amount')}>{money(details.amount, details.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>{statusText(details.status)}</Descriptions.Item>
            <Descriptions.Item label={t('common.lockReason')}>{details.lockReason ?? '—'}</Descriptions.Item>
            {details.client && (
              <Descriptions.Item label={t('common.client')}>
                {t('details.clientLine', { firstName: details.client.firstName, lastName: details.client.lastName, email: details.client.email })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('common.created')}>{dateTime(details.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('common.lastUpdated')}>{dateTime(details.updatedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('security.id')}>{details.id}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      {admin && (
        <Modal
          open={creating}
          title={t('security.createTitle')}
          okText={t('security.create')}
          confirmLoading={create.isPending}
          okButtonProps={{ disabled: !amountTyped }}
          onCancel={() => setCreating(false)}
          onOk={() => form.submit()}
        >
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) =>
              create.mutate(
                { email: values.email, amount: values.amount, currency: 'USD', lockReason: values.lockReason || DEFAULT_LOCK_REASON },
                {
                  onSuccess: () => {
                    notification.success({ title: t('security.created'), description: t('security.lockedDescription') });
                    form.resetFields();
                    setCreating(false);
                  },
                  onError: (error) => notification.error({ title: t('security.createFailed'), description: serverMessage(error) ?? t('security.createFailedDefault') }),
                },
              )
            }
          >
            <Form.Item label={t('security.customerEmail')} name="email" rules={[{ required: true, type: 'email', message: t('security.customerEmailRequired') }]}>
              <Input />
            </Form.Item>
            <Form.Item
              label={t('security.amountUsd')}
              name="amount"
              rules={[{ required: true, message: t('security.amountRequired') }, { validator: (_, value) => (!value || isPositiveAmount(value) ? Promise.resolve() : Promise.reject(new Error(t('security.amountRequired')))) }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item label={t('common.lockReason')} name="lockReason">
              <Input placeholder={t('security.defaultLockReason')} maxLength={500} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Card>
  );
}
