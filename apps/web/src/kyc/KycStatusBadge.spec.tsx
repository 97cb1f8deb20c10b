import { screen } from '@testing-library/react';
import type { KycDocumentView } from '@portal/api-client';
import { aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { kycKeys } from './kyc-api';
import { KycStatusNotice } from './KycStatusBadge';
import { MY_KYC_DOCUMENTS_KEY } from './my-documents';

jest.setTimeout(60_000);

const aDocument = (status: KycDocumentView['status']) =>
  ({
    id: '0b6f1f7e-8a57-4a0e-9f59-6d2f3f0a1c11',
    userId: '7d1c6a4e-2f4b-4c1e-8f3a-9b5e6d7c8a33',
    documentType: 'id',
    fileId: '4e0a7c0e-3b7e-4f67-9f1f-6b7b0a4b2c22',
    fileName: 'passport.png',
    mimeType: 'image/png',
    size: 1024,
    status,
    reviewNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    uploadedAt: '2026-11-28T10:00:00.000Z',
  }) as unknown as KycDocumentView;

function show(documents: KycDocumentView[]) {
  fakeGateway({
    'GET /me': { status: 200, body: aUser({ kycStatus: 'pending' }) },
    'GET /kyc/documents': { status: 200, body: { items: documents } },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app/dashboard', element: <KycStatusNotice /> }], { path: '/app/dashboard', session: manager });
}

describe('the KYC notice on the dashboard', () => {
  it("shares the Document Management screen's query of the customer's documents", () => {
    expect(MY_KYC_DOCUMENTS_KEY).toEqual(kycKeys.mine());
  });

  it('asks a pending customer without documents to upload them', async () => {
    show([]);
    expect(await screen.findByText('Verification Pending', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Upload your documents so our team can verify your account.')).toBeInTheDocument();
  });

  it('tells a customer whose documents wait for review that they are being reviewed, not to upload them', async () => {
    show([aDocument('pending')]);
    expect(await screen.findByText('Your documents are being reviewed. You will receive an email once the review is complete.', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Upload your documents so our team can verify your account.')).not.toBeInTheDocument();
  });
});
