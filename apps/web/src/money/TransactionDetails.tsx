import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { capitalise, dateTime, money, statusColour } from './format';
import type { TransactionView } from './money-api';

/** Spec 02 §2 Transaction Details: reference, signed amount, date, type, status, client, description, method, technical details. */
export function TransactionDetails({ transaction, onClose }: { transaction: TransactionView | null; onClose: () => void }) {
  return (
    <Modal open={transaction !== null} title="Transaction Details" onCancel={onClose} footer={null} width={640}>
      {transaction && (
        <>
          <Typography.Title level={3} style={{ marginTop: 0 }} type={Number(transaction.amount) < 0 ? 'danger' : 'success'}>
            {money(transaction.amount, transaction.currency, true)}
          </Typography.Title>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Reference ID">{transaction.reference}</Descriptions.Item>
            <Descriptions.Item label="Date">{dateTime(transaction.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Type">{capitalise(transaction.type)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={statusColour(transaction.status)}>{transaction.status}</Tag>
            </Descriptions.Item>
            {transaction.client && (
              <Descriptions.Item label="Client">
                {transaction.client.firstName} {transaction.client.lastName} ({transaction.client.email})
              </Descriptions.Item>
            )}
            <Descriptions.Item label="Description">{transaction.description}</Descriptions.Item>
            <Descriptions.Item label="Payment Method">{transaction.methodLabel}</Descriptions.Item>
            {transaction.reason && <Descriptions.Item label="Reason">{transaction.reason}</Descriptions.Item>}
            <Descriptions.Item label="Last Updated">{dateTime(transaction.updatedAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>Technical Details</Typography.Title>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Reference">{transaction.reference}</Descriptions.Item>
            <Descriptions.Item label="User ID">{transaction.userId}</Descriptions.Item>
            <Descriptions.Item label="Transaction ID">{transaction.id}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
