import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApplicationView } from '@portal/api-client';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { PersonalApplicationForm } from './PersonalApplicationForm';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

const SETTINGS = { 'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {}, personalDurations: [3, 6, 12, 24, 36] } } };

function showForm(draft: ApplicationView | null = null, answers: Parameters<typeof fakeGateway>[0] = {}) {
  const gateway = fakeGateway({ ...SETTINGS, ...answers });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <PersonalApplicationForm draft={draft} onDone={() => undefined} /> }], { path: '/app', session: manager });
  return gateway;
}

const NOW = '2026-11-28T10:00:00.000Z';

/** A personal draft with every field filled in (a continued draft sets the form's fields, the duration select included). */
function aCompleteDraft(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: '5b1d3c0e-8a2f-4d6b-9c7e-1f2a3b4c5d6e',
    userId: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40',
    applicationType: 'personal',
    status: 'draft',
    fullName: 'Ada Lovelace',
    email: null,
    phone: null,
    investmentAmount: '1500.00',
    currency: 'USD',
    investmentDuration: 12,
    investmentCategory: null,
    companyName: null,
    companyRegistration: null,
    applicationData: { address: '1 Analytical Way', employment: 'Mathematician', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
    documents: [],
    reviewNote: null,
    reviewedAt: null,
    submittedAt: null,
    investmentId: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Personal Application' });
const sent = (gateway: ReturnType<typeof fakeGateway>) => gateway.calls.filter((call) => call.path.startsWith('/applications'));

describe('the personal form checks annual income as the server does (spec 01 §5: minimum 0, step 1000)', () => {
  it('refuses an income off the $1,000 step, which the arrows alone do not prevent, and takes whole thousands', async () => {
    showForm();
    const income = await screen.findByLabelText('Annual income (USD)', undefined, { timeout: 10_000 });
    fireEvent.change(income, { target: { value: '50500' } });
    expect(await screen.findByText('Annual income must be in steps of $1,000.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(income).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(income, { target: { value: '51000' } });
    await waitFor(() => expect(income).not.toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
  });

  it('keeps a negative income as typed and says why, instead of silently making it 0', async () => {
    showForm();
    const income = await screen.findByLabelText('Annual income (USD)');
    fireEvent.change(income, { target: { value: '-1000' } });
    fireEvent.blur(income);
    expect(await screen.findByText('Annual income must be a number of 0 or more.')).toBeInTheDocument();
    expect(income).toHaveValue('-1000');
  });
});

describe('the investment amount keeps what was typed and says what is wrong (issue 30)', () => {
  it('leaves 500 as 500 on leaving the field, says the minimum, and submits nothing', async () => {
    const gateway = showForm(aCompleteDraft({ documents: [{ fileId: '0d4c1b2a-3e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'passport.pdf', size: 2048, mimeType: 'application/pdf', purpose: 'application:id_document' }] }));
    const amount = await screen.findByLabelText('Investment amount (USD)');
    await waitFor(() => expect(amount).toHaveValue('1500'));
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.blur(amount);
    expect(await screen.findByText('The minimum investment amount is $1,000.')).toBeInTheDocument();
    expect(amount).toHaveValue('500');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(submitButton());
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent(gateway)).toEqual([]);
    expect(amount).toHaveValue('500');
  });

  it('says the $100 step for 1050, and takes 1100', async () => {
    showForm();
    const amount = await screen.findByLabelText('Investment amount (USD)');
    fireEvent.change(amount, { target: { value: '1050' } });
    fireEvent.blur(amount);
    expect(await screen.findByText('The investment amount must be in steps of $100.')).toBeInTheDocument();
    expect(amount).toHaveValue('1050');
    fireEvent.change(amount, { target: { value: '1100' } });
    await waitFor(() => expect(amount).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('says the maximum for an amount the gateway cannot take', async () => {
    showForm();
    const amount = await screen.findByLabelText('Investment amount (USD)');
    fireEvent.change(amount, { target: { value: '10000000000000' } });
    fireEvent.blur(amount);
    expect(await screen.findByText('The maximum investment amount is $9,999,999,999,999.99.')).toBeInTheDocument();
  });
});

describe('the personal form requires the ID document, as the server does (issue 30)', () => {
  it('shows at the ID slot that it is missing and sends nothing', async () => {
    const gateway = showForm(aCompleteDraft());
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace'));
    expect(screen.getByText('(required)')).toBeInTheDocument();
    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please attach your ID document.');
    expect(screen.getByRole('alert').closest('div[style]')).toHaveTextContent('Government-issued ID');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent(gateway)).toEqual([]);
  });

  it('submits with the ID attached, and shows the server’s refusal', async () => {
    const refusal = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Please attach the required documents.',
        code: 'application_documents_required',
        details: [{ field: 'documents.id_document', message: 'Please attach your ID document.', code: 'id_document_required' }],
      },
    };
    const draft = aCompleteDraft({ documents: [{ fileId: '0d4c1b2a-3e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'passport.pdf', size: 2048, mimeType: 'application/pdf', purpose: 'application:id_document' }] });
    const gateway = showForm(draft, { [`PUT /applications/${draft.id}`]: refusal });
    expect(await screen.findByText(/passport\.pdf/)).toBeInTheDocument();
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent(gateway)).toHaveLength(1));
    expect(sent(gateway)[0]).toMatchObject({ method: 'PUT', body: { documentIds: ['0d4c1b2a-3e5f-4a6b-8c7d-9e0f1a2b3c4d'], draft: false } });
    expect(await screen.findByText('Please attach the required documents.')).toBeInTheDocument();
  });
});
