import { StatTiles } from '../ui/StatTiles';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from './display-currency';
import { money } from './format';
import { useMoneySummary } from './use-money';

/** The four cards on top of the Deposits and Withdrawals screen, in the display currency. */
export function MoneyCards() {
  const { t } = useTranslation('money');
  const { currency } = useDisplayCurrency();
  const { data, isLoading } = useMoneySummary(currency);
  const cards = [
    { title: t('common.totalDeposits'), value: money(data?.totalDeposits ?? 0, currency) },
    { title: t('common.totalWithdrawals'), value: money(data?.totalWithdrawals ?? 0, currency) },
    { title: t('summary.pendingRequests'), value: String(data?.pendingRequests ?? 0) },
    { title: t('common.availableBalance'), value: money(data?.availableBalance ?? 0, currency) },
  ];
  return <StatTiles tiles={cards} loading={isLoading} column={{ xs: 12, lg: 6 }} />;
}
