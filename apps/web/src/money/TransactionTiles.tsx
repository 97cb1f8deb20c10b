import { StatTiles } from '../ui/StatTiles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { amounts } from './format';
import { moneyApi } from './money-api';
import { moneyKeys } from './query-keys';

/** The six tiles of All Transactions, or the five of Deposit Management, from the ledger's counters. */
export function TransactionTiles({ view }: { view: 'all' | 'deposits' }) {
  const { t } = useTranslation('money');
  const { data, isLoading } = useQuery({ queryKey: moneyKeys.adminStats(), queryFn: moneyApi.adminStats });
  const tiles =
    view === 'all'
      ? [
          { title: t('tiles.totalTransactions'), value: String(data?.totalTransactions ?? 0) },
          { title: t('tiles.totalVolume'), value: amounts(data?.totalVolume) },
          { title: t('common.completed'), value: String(data?.completed ?? 0) },
          { title: t('common.pending'), value: String(data?.pending ?? 0) },
          { title: t('common.totalDeposits'), value: amounts(data?.totalDeposits) },
          { title: t('common.totalWithdrawals'), value: amounts(data?.totalWithdrawals) },
        ]
      : [
          { title: t('common.totalDeposits'), value: String(data?.depositCount ?? 0) },
          { title: t('tiles.totalValue'), value: amounts(data?.totalDeposits) },
          { title: t('common.completed'), value: String(data?.depositsCompleted ?? 0) },
          { title: t('common.pending'), value: String(data?.depositsPending ?? 0) },
          { title: t('tiles.securityDeposits'), value: amounts(data?.securityDeposits) },
        ];
  // Two to a row on a phone, three on a tablet; one row on a wide screen (six fours, or five fifths).
  return <StatTiles tiles={tiles} loading={isLoading} size="small" column={{ xs: 12, md: 8, xl: view === 'all' ? 4 : { flex: '20%' } }} />;
}
