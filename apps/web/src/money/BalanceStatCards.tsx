import { useTranslation } from 'react-i18next';
import { FigureCards, returnFigures } from '../investments/FigureCards';
import { useInvestmentFigures } from '../investments/use-investments';
import { amounts, money } from './format';

/**
 * The dashboard's stat cards in spec 02's order: Total Investments, Active Plans, the
 * earnings (returns accrued and returns paid, issue 28) and Account Balance. They read the
 * figures the portfolio reads (useInvestmentFigures): money from GET /api/v1/balance in the
 * customer's display currency, with the other currencies they hold listed under the balance
 * as they are (no exchange rates, no sums); counts and paid returns from their investments.
 */
export function BalanceStatCards() {
  const { t } = useTranslation('money');
  const { t: tInvestments } = useTranslation('investments');
  const figures = useInvestmentFigures();
  const { currency } = figures;
  return (
    <FigureCards
      figures={[
        { key: 'invested', title: t('balance.totalInvestments'), value: money(figures.totalInvested, currency), loading: figures.balanceLoading },
        { key: 'active', title: t('balance.activePlans'), value: figures.investmentsFailed ? '—' : figures.activeCount, loading: figures.investmentsLoading },
        ...returnFigures(figures, tInvestments),
        {
          key: 'available',
          title: t('balance.accountBalance'),
          value: money(figures.available, currency),
          loading: figures.balanceLoading,
          notes: figures.availableElsewhere.length > 0 ? [t('balance.otherCurrencies', { amounts: amounts(figures.availableElsewhere) })] : [],
        },
      ]}
    />
  );
}
