import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationView } from '@portal/api-client';
import { aSession } from '../../test/builders';
import { fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';
import { formatDateTime } from '../../ui/date-format';
import { ApplicationDetailsDialog } from './ApplicationDetailsDialog';

// The first render compiles antd's dialog and descriptions; the machine running the suite may be busy.
jest.setTimeout(120_000);

const SUBMITTED_AT = '2026-11-28T10:46:20.241Z';

const gipp: ApplicationView = {
  id: '57a6eca3-9aef-4777-8ce1-3b1a6b47fbee',
  userId: 'ee0d9709-3dbe-43ea-9785-b29d14c4821c',
  applicationType: 'gipp',
  status: 'pending',
  fullName: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: null,
  investmentAmount: '1000000.00',
  currency: 'USD',
  investmentDuration: null,
  investmentCategory: 'Oil & Gas',
  companyName: null,
  companyRegistration: null,
  applicationData: { declaration: true, submittedAt: SUBMITTED_AT },
  documents: [],
  reviewNote: null,
  reviewedAt: null,
  submittedAt: SUBMITTED_AT,
  investmentId: null,
  createdAt: SUBMITTED_AT,
  updatedAt: SUBMITTED_AT,
};

describe('Application Details dialog', () => {
  it('confirms a rejection with the customer, the amount and a required reason, carrying over the note typed (issue 30)', async () => {
    const { calls } = fakeGateway({ [`POST /admin/applications/${gipp.id}/review`]: { status: 200, body: { ...gipp, status: 'rejected' } } });
    const { manager } = fakeSessionManager(async () => aSession('admin'));
    renderRoutes([{ path: '/admin', element: <ApplicationDetailsDialog application={gipp} onClose={() => undefined} /> }], { path: '/admin', session: manager });
    const reviews = () => calls.filter((call) => call.method === 'POST');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 15_000 }));
    const confirm = (await screen.findAllByRole('dialog', undefined, { timeout: 15_000 })).find((dialog) => within(dialog).queryByText('Reject this application?')) as HTMLElement;
    expect(within(confirm).getByText('Ada Lovelace · ada@example.test')).toBeInTheDocument();
    expect(within(confirm).getByText('$1,000,000.00')).toBeInTheDocument();
    const reject = within(confirm).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    expect(reviews()).toEqual([]);
    fireEvent.change(within(confirm).getByLabelText('Reason for the rejection'), { target: { value: 'Proof of funds missing' } });
    fireEvent.click(reject);
    await waitFor(() => expect(reviews()).toHaveLength(1));
    expect(reviews()[0].body).toEqual({ decision: 'rejected', note: 'Proof of funds missing' });
  });

  it("shows the GIPP form's submission time as a date and time, not as an ISO timestamp", async () => {
    fakeGateway();
    const { manager } = fakeSessionManager(async () => aSession('admin'));
    renderRoutes([{ path: '/admin', element: <ApplicationDetailsDialog application={gipp} onClose={() => undefined} /> }], { path: '/admin', session: manager });
    const label = await screen.findByText('Submitted at', undefined, { timeout: 15_000 });
    const row = label.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(formatDateTime(SUBMITTED_AT));
    expect(formatDateTime(SUBMITTED_AT)).toMatch(/2026/);
    expect(screen.queryByText(SUBMITTED_AT)).not.toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
  });
});
