import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { AdminKycDocumentView } from '@portal/api-client';
import { FeedbackProvider } from '../app/feedback';
import { kycApi } from './kyc-api';
import { KycReview } from './KycReview';

jest.mock('./kyc-api', () => ({
  ...jest.requireActual('./kyc-api'),
  kycApi: { adminList: jest.fn(), review: jest.fn(), requestDocument: jest.fn() },
}));

const api = kycApi as jest.Mocked<typeof kycApi>;

const aDocument: AdminKycDocumentView = {
  id: '0b6f1f7e-8a57-4a0e-9f59-6d2f3f0a1c11',
  documentType: 'id',
  fileId: '4e0a7c0e-3b7e-4f67-9f1f-6b7b0a4b2c22',
  fileName: 'passport.png',
  mimeType: 'image/png',
  size: 1024,
  status: 'pending',
  reviewNotes: null,
  reviewedAt: null,
  reviewedBy: null,
  uploadedAt: '2026-11-28T10:00:00.000Z',
  userId: '7d1c6a4e-2f4b-4c1e-8f3a-9b5e6d7c8a33',
  userName: 'Grace Hopper',
  userEmail: 'grace@example.test',
  userKycStatus: 'pending',
  userBiometricVerifiedAt: null,
};

// The first render compiles antd's table; on a busy machine it may take a while.
jest.setTimeout(120_000);

describe('KYC & Document Verification list', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    api.adminList.mockResolvedValue({ items: [aDocument], total: 1, nextCursor: null, counters: { total: 1, pending: 1, approved: 0, rejected: 0 } } as never);
  });

  function renderReview() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <FeedbackProvider>
          <KycReview />
        </FeedbackProvider>
      </QueryClientProvider>,
    );
  }

  it('scrolls its table sideways on a narrow screen instead of pushing the page wider than the phone', async () => {
    renderReview();
    const email = await screen.findByText('grace@example.test', undefined, { timeout: 10_000 });
    expect((email.closest('table') as HTMLTableElement).style.width).toBe('1000px');
  });

  it('gives the search box room for its whole placeholder, but never more than a phone screen between its margins', async () => {
    renderReview();
    const search = await screen.findByPlaceholderText('Search by user name or document type', undefined, { timeout: 10_000 });
    const box = search.closest('.ant-input-search') as HTMLElement;
    expect(box.style.width).toBe('380px');
    expect(box.style.maxWidth).toBe('calc(100vw - 32px)');
  });
});
