import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationView, StoredFile } from '@portal/api-client';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { filesApi } from './applications-api';
import { CorporateApplicationForm } from './CorporateApplicationForm';
import { InvestmentApplications } from './InvestmentApplications';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

const NOW = '2026-11-28T10:00:00.000Z';
const DRAFT_ID = '6c2e4d1f-9b3a-4e7c-8d1f-2a3b4c5d6e7f';
const CERTIFICATE = { fileId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'certificate.pdf', size: 4096, mimeType: 'application/pdf', purpose: 'application:certificate_of_incorporation' };
const DIRECTOR_ID = { fileId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', name: 'director-passport.png', size: 8192, mimeType: 'image/png', purpose: 'application:director_id' };

function aCorporateDraft(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: DRAFT_ID,
    userId: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40',
    applicationType: 'corporate',
    status: 'draft',
    fullName: null,
    email: null,
    phone: null,
    investmentAmount: '500.00',
    currency: 'USD',
    investmentDuration: null,
    investmentCategory: null,
    companyName: 'Langley Computing',
    companyRegistration: null,
    applicationData: { declaration: false },
    documents: [CERTIFICATE, DIRECTOR_ID],
    reviewNote: null,
    reviewedAt: null,
    submittedAt: null,
    investmentId: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const SETTINGS = { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {}, corporateDurations: [3, 6, 12], corporateStructures: ['Partnership'] } };

/** Uploads answer as the gateway would, with the file's own name and size (the multipart request itself is not what is tested here). */
function uploadsStored() {
  let count = 0;
  return jest.spyOn(filesApi, 'upload').mockImplementation(async (file: File, purpose: string): Promise<StoredFile> => {
    count += 1;
    return { id: `3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6${count}`, name: file.name, size: file.size, mimeType: file.type, purpose, createdAt: NOW } as StoredFile;
  });
}

afterEach(() => jest.restoreAllMocks());

describe('Save Draft on the corporate form (issue 30)', () => {
  it('keeps the form as it is, files included, says "Draft saved", and saves the same draft again', async () => {
    const gateway = fakeGateway({
      'GET /settings/public': SETTINGS,
      'POST /applications': { status: 201, body: aCorporateDraft({ documents: [] }) },
      [`PUT /applications/${DRAFT_ID}`]: { status: 200, body: aCorporateDraft() },
    });
    const upload = uploadsStored();
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes([{ path: '/app', element: <CorporateApplicationForm draft={null} onDone={() => undefined} /> }], { path: '/app', session: manager });

    const company = await screen.findByLabelText('Company name');
    fireEvent.change(company, { target: { value: 'Langley Computing' } });
    fireEvent.change(screen.getByLabelText('Investment amount (USD)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Certificate of incorporation'), { target: { files: [new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/certificate\.pdf \(/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Director's ID"), { target: { files: [new File(['png'], 'director-passport.png', { type: 'image/png' })] } });
    expect(await screen.findByText(/director-passport\.png \(/)).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const saves = () => gateway.calls.filter((call) => call.path.startsWith('/applications'));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]).toMatchObject({ method: 'POST', body: { applicationType: 'corporate', companyName: 'Langley Computing', investmentAmount: 500, draft: true } });
    expect((saves()[0].body as { documentIds: string[] }).documentIds).toHaveLength(2);

    // Nothing was emptied: the fields and both files are still there, the draft amount as typed.
    expect(company).toHaveValue('Langley Computing');
    expect(screen.getByLabelText('Investment amount (USD)')).toHaveValue('500');
    expect(screen.getByText(/certificate\.pdf \(/)).toBeInTheDocument();
    expect(screen.getByText(/director-passport\.png \(/)).toBeInTheDocument();

    // Saving again changes that draft rather than starting another.
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ method: 'PUT', path: `/applications/${DRAFT_ID}`, body: { draft: true } });
    expect(company).toHaveValue('Langley Computing');
  });

  it('reopens a draft from the status tab where it was left, its files shown in their slots', async () => {
    fakeGateway({
      'GET /settings/public': SETTINGS,
      'GET /applications': { status: 200, body: { items: [aCorporateDraft()], nextCursor: null, total: 1 } },
    });
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes([{ path: '/app', element: <InvestmentApplications /> }], { path: '/app', session: manager });

    fireEvent.click(await screen.findByRole('tab', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue draft' }));

    const form = await screen.findByRole('form', { name: 'Corporate investment application' });
    await waitFor(() => expect(within(form).getByLabelText('Company name')).toHaveValue('Langley Computing'));
    expect(within(form).getByLabelText('Investment amount (USD)')).toHaveValue('500');
    expect(within(form).getByText(/certificate\.pdf \(4\.0 KB\)/)).toBeInTheDocument();
    expect(within(form).getByText(/director-passport\.png \(8\.0 KB\)/)).toBeInTheDocument();
    // Each slot's buttons say which document they act on, so a list of buttons tells them apart.
    expect(within(form).getByRole('button', { name: 'Replace: Certificate of incorporation' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: "Remove: Director's ID" })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Choose file: Proof of address' })).toBeInTheDocument();
  });

  it('asks for the certificate of incorporation and the director’s ID at their slots before submitting', async () => {
    const gateway = fakeGateway({ 'GET /settings/public': SETTINGS });
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes([{ path: '/app', element: <CorporateApplicationForm draft={null} onDone={() => undefined} /> }], { path: '/app', session: manager });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Corporate Application' }));
    expect(await screen.findByText('Please attach the certificate of incorporation.')).toBeInTheDocument();
    expect(screen.getByText("Please attach the director's ID.")).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call.path.startsWith('/applications'))).toEqual([]);
  });
});
