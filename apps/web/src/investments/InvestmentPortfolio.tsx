import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { StatusTag } from '../applications/StatusTag';
import { formatAmount, formatDate, TYPE_LABELS } from '../applications/labels';
import { useOwnApplications } from '../applications/use-own-applications';
import { money } from '../money/format';
import { ButtonLink } from '../ui/ButtonLink';
import { useReadOnlyView } from '../customer-view/customer-view-context';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { FigureCards, returnFigures } from './FigureCards';
import { annualRate, fundingPercent, payInvestmentPath, termPercent, toCents, useCancelInvestment, useInvestmentFigures, useInvestments, type Investment } from './use-investments';

const investmentName = (item: Investment) => `${TYPE_LABELS[item.investmentType]} · ${formatAmount(item.amount, item.currency)}`;

/**
 * The customer's investments (issue 28: awaiting funding, active, matured, cancelled) with how
 * far each is funded or to its maturity, its returns and payout, and what can be done with it;
 * above them the figures the dashboard shows too (useInvestmentFigures), and the applications
 * still in review.
 */
export function InvestmentPortfolio() {
  // The applications namespace holds the type and status labels shown in the table.
  const { t } = useTranslation(['investments', 'applications']);
  const { t: tInvestments } = useTranslation('investments');
  const { notification } = useFeedback();
  const investments = useInvestments();
  const figures = useInvestmentFigures();
  // In an admin's read-only customer view (issue 30): no Pay or Cancel; the applications are the viewed customer's.
  const readOnly = useReadOnlyView();
  const applications = useOwnApplications();
  const cancel = useCancelInvestment();
  const items = investments.data?.items ?? [];
  const waiting = (applications.data?.items ?? []).filter((application) => application.status === 'pending' || application.status === 'under_review');

  const cancelInvestment = (item: Investment) =>
    cancel.mutate(item.id, {
      onSuccess: () => notification.success({ title: t('cancelled'), description: t('cancelledText') }),
      onError: (error) => notification.error({ title: t('cancelFailed'), description: serverMessage(error) ?? t('cancelFailedText') }),
    });

  const progress = (item: Investment) => {
    switch (item.status) {
      case 'awaiting_funding':
        return (
          <Flex vertical>
            <Typography.Text>{t('fundedOf', { funded: formatAmount(item.fundedAmount, item.currency), amount: formatAmount(item.amount, item.currency) })}</Typography.Text>
            <Progress percent={fundingPercent(item)} size="small" aria-label={t('fundingProgress')} />
            {toCents(item.pendingAmount) > 0 && <Typography.Text type="secondary">{t('pendingConfirmation', { amount: formatAmount(item.pendingAmount, item.currency) })}</Typography.Text>}
            {item.fundingDeadline && <Typography.Text type="secondary">{t('fundBy', { date: formatDate(item.fundingDeadline) })}</Typography.Text>}
          </Flex>
        );
      case 'active':
        return (
          <Flex vertical>
            <Typography.Text>{t('term', { start: formatDate(item.startDate), maturity: formatDate(item.maturityDate) })}</Typography.Text>
            <Progress percent={termPercent(item)} size="small" aria-label={t('termProgress')} />
          </Flex>
        );
      case 'matured':
        return <Typography.Text>{t('maturedOn', { date: formatDate(item.maturityDate) })}</Typography.Text>;
      default:
        return <Typography.Text type="secondary">{t('cancelledNote')}</Typography.Text>;
    }
  };

  // What it earns and pays out: the expected return, what has accrued or been paid, the fee and the net payout at maturity.
  const returns = (item: Investment) =>
    item.status === 'cancelled' ? (
      '—'
    ) : (
      <Flex vertical>
        <Typography.Text>{t('expectedLine', { rate: annualRate(item.expectedReturnRate), amount: formatAmount(item.expectedReturnAmount, item.currency) })}</Typography.Text>
        {item.status === 'active' && <Typography.Text type="secondary">{t('accruedLine', { amount: formatAmount(item.accruedReturn, item.currency) })}</Typography.Text>}
        {item.status === 'matured' && <Typography.Text type="secondary">{t('paidLine', { amount: formatAmount(item.accruedReturn, item.currency) })}</Typography.Text>}
        <Typography.Text>{t('feeLine', { rate: annualRate(item.feeRate), amount: formatAmount(item.feeAmount, item.currency) })}</Typography.Text>
        <Typography.Text strong>{t('netPayoutLine', { amount: formatAmount(item.netPayout, item.currency) })}</Typography.Text>
      </Flex>
    );

  const actions = (item: Investment) => {
    if (item.status !== 'awaiting_funding') return null;
    const funded = toCents(item.fundedAmount) > 0;
    return (
      <Flex vertical gap={8} align="start">
        {toCents(item.unfundedAmount) > 0 && (
          <ButtonLink to={payInvestmentPath(item.id)} type="primary" size="small" aria-label={t('payLabel', { left: formatAmount(item.unfundedAmount, item.currency), investment: investmentName(item) })}>
            {t('pay')}
          </ButtonLink>
        )}
        <Popconfirm
          title={t('cancelConfirm')}
          description={funded ? t('cancelRefund', { amount: formatAmount(item.fundedAmount, item.currency) }) : t('cancelNothingPaid')}
          okText={t('cancelYes')}
          cancelText={t('cancelNo')}
          okButtonProps={{ danger: true }}
          onConfirm={() => cancelInvestment(item)}
        >
          <Button danger size="small" loading={cancel.isPending && cancel.variables === item.id} aria-label={t('cancelLabel', { investment: investmentName(item) })}>
            {t('cancel')}
          </Button>
        </Popconfirm>
      </Flex>
    );
  };

  return (
    <>
      <FigureCards
        figures={[
          { key: 'invested', title: t('totalInvested'), value: money(figures.totalInvested, figures.currency), loading: figures.balanceLoading },
          {
            key: 'active',
            title: t('activeInvestments'),
            value: figures.investmentsFailed ? '—' : figures.activeCount,
            loading: figures.investmentsLoading,
            notes: figures.awaitingCount > 0 ? [t('awaitingCount', { count: figures.awaitingCount })] : [],
          },
          ...returnFigures(figures, tInvestments),
          { key: 'in-review', title: t('applicationsInReview'), value: applications.isError ? '—' : waiting.length, loading: applications.isLoading },
        ]}
      />
      <Card title={t('investments')}>
        <ResponsiveTable<Investment>
          rowKey="id"
          loading={investments.isLoading}
          dataSource={items}
          pagination={false}
          // On a phone the rows are cards (ResponsiveTable); from a tablet up the table scrolls inside its card when narrower than this.
          scroll={{ x: 900 }}
          locale={{ emptyText: t('empty') }}
          columns={[
            {
              title: t('investment'),
              dataIndex: 'investmentType',
              width: 150,
              render: (type: Investment['investmentType'], row) => (
                <Flex vertical>
                  <Typography.Text strong>{TYPE_LABELS[type]}</Typography.Text>
                  <Typography.Text>{formatAmount(row.amount, row.currency)}</Typography.Text>
                  <Typography.Text type="secondary">{t('applications:common.months', { count: row.durationMonths })}</Typography.Text>
                </Flex>
              ),
            },
            { title: t('status'), dataIndex: 'status', width: 150, render: (status: string) => <StatusTag status={status} /> },
            { title: t('progress'), key: 'progress', width: 260, render: (_, row) => progress(row) },
            { title: t('returns'), key: 'returns', width: 240, render: (_, row) => returns(row) },
            ...(readOnly ? [] : [{ title: t('actions'), key: 'actions', width: 170, render: (_: unknown, row: Investment) => actions(row) }]),
          ]}
        />
        {investments.isError && <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>}
      </Card>
    </>
  );
}
