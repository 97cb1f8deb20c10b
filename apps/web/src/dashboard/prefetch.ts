import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/api-client';
import { preferencesApi, preferencesKey } from '../account-settings/preferences-api';
import { currentUserKey, fetchCurrentUser } from '../api/use-current-user';
import { applicationsApi } from '../applications/applications-api';
import { applicationKeys } from '../applications/query-keys';
import { MY_KYC_DOCUMENTS_KEY, myKycDocuments } from '../kyc/my-documents';
import { chooseCurrency, supportedCurrencies } from '../money/display-currency';
import { moneyApi } from '../money/money-api';
import { moneyKeys } from '../money/query-keys';
import { settingsKeys } from '../settings/query-keys';
import { settingsApi } from '../settings/settings-api';
import { formatMoney } from '../ui/number-format';
import { DEFAULT_PERFORMANCE_PERIOD, performanceApi, performanceKey, periodStart } from './performance-api';

/**
 * The customer dashboard's first screen of data, asked for as soon as the session is restored
 * (see preloadScreen in app/routes.tsx) instead of once React has drawn the layout and mounted
 * the page: on a phone that is a second sooner (issue 30). The keys and calls are the hooks'
 * own, so the hooks find the answers (fresh for five minutes) and ask for nothing again; the
 * balance and performance follow once the display currency is known, as the page's do, and the
 * KYC documents once the customer's status says the notice needs them.
 */
export function prefetch(client: QueryClient, user: SessionUser): void {
  if (user.userType !== 'customer') return;
  // A page's first money formatter costs 10-40 ms (Intl loads the language's number data): made
  // in a task of its own while the answers are on their way, not inside the render of the first
  // money card, where it made one long task longer.
  setTimeout(() => formatMoney(0), 0);
  client
    .fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser })
    .then((me) => {
      // KycStatusNotice's own condition: documents handed in are "being reviewed", not "to upload".
      if (me.kycStatus === 'pending') void client.prefetchQuery({ queryKey: MY_KYC_DOCUMENTS_KEY, queryFn: myKycDocuments });
    })
    .catch(() => undefined);
  void client.prefetchQuery({ queryKey: moneyKeys.securityDeposits(), queryFn: moneyApi.ownSecurityDeposits });
  void client.prefetchQuery({ queryKey: applicationKeys.investments(), queryFn: applicationsApi.listOwnInvestments });
  const preferences = client.fetchQuery({ queryKey: preferencesKey, queryFn: preferencesApi.get });
  const settings = client.fetchQuery({ queryKey: settingsKeys.public(), queryFn: settingsApi.getPublic });
  Promise.all([preferences, settings])
    .then(([chosen, platform]) => {
      const currency = chooseCurrency(chosen.app.currency, supportedCurrencies(platform.supportedCurrencies));
      void client.prefetchQuery({ queryKey: moneyKeys.balance(currency), queryFn: () => moneyApi.balance(currency) });
      // The opening period does not start on the first investment's day ("since start" does): no need to wait for them.
      const from = periodStart(DEFAULT_PERFORMANCE_PERIOD, new Date(), undefined);
      void client.prefetchQuery({ queryKey: performanceKey(currency, from), queryFn: () => performanceApi.portfolio(currency, from) });
    })
    // The page asks again itself, and says what went wrong.
    .catch(() => undefined);
}
