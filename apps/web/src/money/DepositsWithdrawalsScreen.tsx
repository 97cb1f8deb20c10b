import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CardRequestList } from '../cards/CardRequestsScreen';
import { DepositForms } from './DepositForms';
import { InvestmentPaymentForm } from './InvestmentPaymentForm';
import { MoneyCards } from './MoneyCards';
import { OwnTransactionsTable } from './OwnTransactionsTable';
import { WithdrawForm } from './WithdrawForm';

const MONEY_TABS = ['deposits', 'withdrawals', 'payments', 'cards', 'transactions'] as const;
export type MoneyTab = (typeof MONEY_TABS)[number];

const isMoneyTab = (value: string | null): value is MoneyTab => (MONEY_TABS as readonly (string | null)[]).includes(value);

/**
 * Spec 02 §2 "Deposits and Withdrawals screen": four cards and five tabs; the route picks the
 * default tab, a `tab` search parameter another (the portfolio's Pay button opens Payments).
 */
export function DepositsWithdrawalsScreen({ defaultTab }: { defaultTab: MoneyTab }) {
  const { t } = useTranslation('money');
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const [tab, setTab] = useState<MoneyTab>(isMoneyTab(asked) ? asked : defaultTab);
  return (
    <>
      <MoneyCards />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as MoneyTab)}
        items={[
          { key: 'deposits', label: t('tabs.deposits'), children: <DepositForms /> },
          { key: 'withdrawals', label: t('tabs.withdrawals'), children: <WithdrawForm /> },
          { key: 'payments', label: t('tabs.payments'), children: <InvestmentPaymentForm /> },
          { key: 'cards', label: t('tabs.cards'), children: <CardRequestList compact /> },
          { key: 'transactions', label: t('tabs.transactions'), children: <OwnTransactionsTable onMakeDeposit={() => setTab('deposits')} /> },
        ]}
      />
    </>
  );
}
