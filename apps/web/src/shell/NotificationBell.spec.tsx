import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '../i18n/i18n';
import { money } from '../money/format';
import { notificationsApi, type NotificationView } from '../notifications/notifications-api';
import { formatDate } from '../ui/date-format';
import frenchNotifications from '../notifications/locales/fr.json';
import frenchShell from './locales/fr.json';
import { NotificationBell } from './NotificationBell';

jest.mock('../notifications/notifications-api', () => ({
  notificationsApi: { unreadCount: jest.fn(), list: jest.fn(), markRead: jest.fn(), markAllRead: jest.fn() },
}));

const api = notificationsApi as jest.Mocked<typeof notificationsApi>;

const notification = (fields: Partial<NotificationView>): NotificationView => ({
  id: '6f1c2a8e-0c1d-4c55-9a57-3b9e1f2d0a01',
  title: 'Deposit completed',
  message: 'Your deposit of 1,500.00 USD (DEP-20261129-AB12CD) has been credited to your balance.',
  textKey: 'depositCompleted',
  textParams: { amount: '1500.00', currency: 'USD', reference: 'DEP-20261129-AB12CD' },
  type: 'success',
  category: 'transaction',
  expiresAt: null,
  readAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...fields,
});

/** Stored in English (the recipient's saved language when it was made). */
const deposit = notification({});
const activated = notification({
  id: '6f1c2a8e-0c1d-4c55-9a57-3b9e1f2d0a02',
  title: 'Investment active',
  message: 'Your personal investment of 10,000.00 USD is fully funded and now active. It earns returns from 29 November 2026 and matures on 29 May 2027.',
  textKey: 'investmentActivated',
  textParams: { investmentType: 'personal', amount: '10000.00', currency: 'USD', startDate: '2026-11-29', maturityDate: '2027-05-29' },
});
const rejected = notification({
  id: '6f1c2a8e-0c1d-4c55-9a57-3b9e1f2d0a03',
  title: 'Document rejected',
  message: 'Your tax document was rejected. Please upload it again. Reason: Blurred photo',
  textKey: 'documentRejected',
  textParams: { documentType: 'tax', reason: 'Blurred photo' },
  type: 'error',
  category: 'kyc',
});
/** An admin's own words: no code, shown as written. */
const broadcast = notification({
  id: '6f1c2a8e-0c1d-4c55-9a57-3b9e1f2d0a04',
  title: 'Scheduled Maintenance',
  message: 'The platform will be down on Sunday night.',
  textKey: null,
  textParams: null,
  type: 'warning',
  category: 'broadcast',
});
/** From a newer server: a code this app does not know yet. */
const unknown = notification({ id: '6f1c2a8e-0c1d-4c55-9a57-3b9e1f2d0a05', title: 'Something new', message: 'A text this app cannot say yet.', textKey: 'somethingNew', textParams: {} });

async function openBell(items: NotificationView[]) {
  api.unreadCount.mockResolvedValue(items.length);
  api.list.mockResolvedValue({ items, nextCursor: null, total: items.length });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationBell />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /notification/i }));
  return within(await screen.findByRole('list'));
}

jest.setTimeout(60_000);

/** As Testing Library reads the page: Intl's no-break spaces ("1 500,00 $US") become plain ones. */
const read = (text: string) => text.replace(/\s+/g, ' ');

describe('the notification bell', () => {
  beforeEach(() => jest.resetAllMocks());

  it('says each notification from its code in English, amounts and dates in English formats', async () => {
    const list = await openBell([deposit, activated]);
    expect(await list.findByText('Your deposit of $1,500.00 (DEP-20261129-AB12CD) has been credited to your balance.')).toBeInTheDocument();
    expect(list.getByText('Your personal investment of $10,000.00 is fully funded and now active. It earns returns from Nov 29, 2026 and matures on May 29, 2027.')).toBeInTheDocument();
  });

  describe('on a French page', () => {
    beforeAll(async () => {
      i18n.addResourceBundle('fr', 'notifications', frenchNotifications);
      i18n.addResourceBundle('fr', 'shell', frenchShell);
      await i18n.changeLanguage('fr');
    });
    afterAll(async () => {
      await i18n.changeLanguage('en');
    });

    it('reads in French, with French amounts and dates, though the server stored English', async () => {
      const list = await openBell([deposit, activated, rejected]);
      expect(await list.findByText('Dépôt effectué')).toBeInTheDocument();
      expect(list.getByText(read(`Votre dépôt de ${money('1500.00', 'USD')} (DEP-20261129-AB12CD) a été crédité sur votre solde.`))).toBeInTheDocument();
      expect(money('1500.00', 'USD')).toMatch(/^1\s500,00\s\$US$/);
      expect(list.getByText('Investissement actif')).toBeInTheDocument();
      expect(
        list.getByText(
          read(`Votre investissement personnel de ${money('10000.00', 'USD')} est entièrement financé et désormais actif. Il produit des rendements à partir du ${formatDate('2026-11-29')} et arrive à échéance le ${formatDate('2027-05-29')}.`),
        ),
      ).toBeInTheDocument();
      expect(formatDate('2026-11-29')).toBe('29 nov. 2026');
      // What the admin wrote stays as written inside the French sentence.
      expect(list.getByText('Votre document fiscal a été refusé. Veuillez le téléverser à nouveau. Motif : Blurred photo')).toBeInTheDocument();
      expect(list.queryByText('Deposit completed')).not.toBeInTheDocument();
      expect(list.queryByText(deposit.message)).not.toBeInTheDocument();
      // Marking one read names it in the page's language too.
      expect(list.getByRole('button', { name: /Dépôt effectué/ })).toBeInTheDocument();
    });

    it('shows a broadcast, and a code it does not know, as the server stored them', async () => {
      const list = await openBell([broadcast, unknown]);
      expect(await list.findByText('Scheduled Maintenance')).toBeInTheDocument();
      expect(list.getByText('The platform will be down on Sunday night.')).toBeInTheDocument();
      expect(list.getByText('Something new')).toBeInTheDocument();
      expect(list.getByText('A text this app cannot say yet.')).toBeInTheDocument();
    });
  });
});
