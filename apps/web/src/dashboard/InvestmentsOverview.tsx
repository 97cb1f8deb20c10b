import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusTag } from '../applications/StatusTag';
import { formatAmount, formatDate, TYPE_LABELS } from '../applications/labels';
import { useInvestments } from '../investments/use-investments';
import { ButtonLink } from '../ui/ButtonLink';
import { useReadOnlyView } from '../customer-view/customer-view-context';

/** How many investments the dashboard lists; the portfolio shows them all. */
const SHOWN = 5;

/**
 * The customer's investments at a glance, in place of the spec's performance card with its
 * fixed percentages: each one's amount, status, maturity and expected return, from the
 * applications service, soonest maturity first.
 */
export function InvestmentsOverview() {
  const { t } = useTranslation('dashboard');
  // The portfolio's query: the same list, the same figures.
  const investments = useInvestments();
  // An admin's read-only customer view (issue 30): no links into the customer's portal, no Apply.
  const readOnly = useReadOnlyView();
  // Without a maturity date (not started yet), last.
  const items = [...(investments.data?.items ?? [])].sort((a, b) => (a.maturityDate ?? '9999').localeCompare(b.maturityDate ?? '9999'));
  return (
    <Card
      title={t('investments.title')}
      loading={investments.isLoading}
      extra={items.length > 0 && !readOnly && <Link to="/app/portfolio">{t('investments.viewAll')}</Link>}
      style={{ height: '100%' }}
    >
      {investments.isError ? (
        <Typography.Text type="danger">{t('investments.loadFailed')}</Typography.Text>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investments.empty')}>
          {!readOnly && (
            <ButtonLink to="/app/investments" type="primary">
              {t('investments.apply')}
            </ButtonLink>
          )}
        </Empty>
      ) : (
        <>
          {/* Plain rows, not antd's List: it brings pagination and its selects into the dashboard's first load. */}
          <Flex vertical gap={12}>
            {items.slice(0, SHOWN).map((item) => (
              <Flex key={item.id} justify="space-between" align="start" gap={12}>
                <div>
                  <Typography.Text strong>{`${TYPE_LABELS[item.investmentType]} · ${formatAmount(item.amount, item.currency)}`}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {[
                      item.status === 'awaiting_funding' && t('investments.leftToPay', { amount: formatAmount(item.unfundedAmount, item.currency) }),
                      item.maturityDate && t('investments.maturity', { date: formatDate(item.maturityDate) }),
                      t('investments.expectedReturn', { amount: formatAmount(item.expectedReturnAmount, item.currency) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </div>
                <StatusTag status={item.status} />
              </Flex>
            ))}
          </Flex>
          {items.length > SHOWN && <Typography.Text type="secondary">{t('investments.more', { count: items.length - SHOWN })}</Typography.Text>}
        </>
      )}
    </Card>
  );
}
