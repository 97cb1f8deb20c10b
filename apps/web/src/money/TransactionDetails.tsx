import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { dateTime, money, statusColour } from './format';
import { statusText, typeText } from './labels';
import type { TransactionView } from './money-api';
import { transactionDescription } from './transaction-description';

/** Spec 02 §2 Transaction Details: reference, signed amount, date, type, status, client, description, method, technical details. */
export function TransactionDetails({ transaction, onClose }: { transaction: TransactionView | null; onClose: () => void }) {
  const { t } = useTranslation('money');
  return (
    <Modal open={transaction !== null} title={t('details.title')} onCancel={onClose} footer={null} width={640}>
      {transaction && (
        <>
          <Typography.Title level={3} style={{ marginTop: 0 }} type={Number(transaction.amount) < 0 ? 'danger' : 'success'}>
            {money(transaction.amount, transaction.currency, true)}
          </Typography.Title>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('details.referenceId')}>{transaction.reference}</Descriptions.Item>
            <Descriptions.Item label={t('common.date')}>{dateTime(transaction.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('common.type')}>{typeText(transaction.type)}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <Tag color={statusColour(transaction.status)}>{statusText(transaction.status)}</Tag>
            </Descriptions.Item>
            {transaction.client && (
              <Descriptions.Item label={t('common.client')}>
                {t('details.clientLine', { firstName: transaction.client.firstName, lastName: transaction.client.lastName, email: transaction.client.email })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('common.description')}>{transactionDescription(transaction)}</Descriptions.Item>
            <Descriptions.Item label={t('common.paymentMethod')}>{transaction.methodLabel}</Descriptions.Item>
            {transaction.reason && <Descriptions.Item label={t('common.reason')}>{transaction.reason}</Descriptions.Item>}
            <Descriptions.Item label={t('common.lastUpdated')}>{dateTime(transaction.updatedAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('details.technical')}</Typography.Title>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('common.reference')}>{transaction.reference}</Descriptions.Item>
            <Descriptions.Item label={t('details.userId')}>{transaction.userId}</Descriptions.Item>
            <Descriptions.Item label={t('details.transactionId')}>{transaction.id}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
