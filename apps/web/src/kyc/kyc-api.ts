import type { AdminKycDocumentPage, KycDocumentList, KycDocumentView, KycStatusView, StoredFile } from '@portal/api-client';
import { callGateway, uploadWithProgress } from '../api/http';

export type KycDocumentType = KycDocumentView['documentType'];
export type KycDocumentStatus = KycDocumentView['status'];

export interface AdminDocumentFilter {
  q?: string;
  status?: KycDocumentStatus;
}

/** One page of the admin list: the filter, and the cursor and page size (API.md's `limit`). */
export type AdminDocumentPageQuery = AdminDocumentFilter & { cursor?: string; limit?: number };

export const kycKeys = {
  all: ['kyc'] as const,
  mine: () => [...kycKeys.all, 'mine'] as const,
  admin: (filter: object) => [...kycKeys.all, 'admin', filter] as const,
};

export const kycApi = {
  /** Uploads the file with real progress, then hands it in as a KYC document of this type. */
  upload: async (file: File, documentType: KycDocumentType, onProgress: (percent: number) => void): Promise<KycDocumentView> => {
    const form = new FormData();
    form.append('purpose', `kyc:${documentType}`);
    form.append('file', file, file.name);
    const stored = await uploadWithProgress<StoredFile>('/api/v1/files', form, onProgress);
    return callGateway((client, init) => client.POST('/api/v1/kyc/documents', { ...init, body: { fileId: stored.id, documentType } }));
  },
  mine: (): Promise<KycDocumentList> => callGateway((client, init) => client.GET('/api/v1/kyc/documents', init)),
  adminList: (filter: AdminDocumentPageQuery): Promise<AdminKycDocumentPage> =>
    callGateway((client, init) => client.GET('/api/v1/admin/kyc/documents', { ...init, params: { query: filter } })),
  review: (id: string, decision: 'approved' | 'rejected', notes: string): Promise<KycDocumentView> =>
    callGateway((client, init) => client.POST('/api/v1/admin/kyc/documents/{id}/review', { ...init, params: { path: { id } }, body: { decision, notes } })),
  requestDocument: (userId: string, message: string): Promise<unknown> =>
    callGateway((client, init) => client.POST('/api/v1/admin/kyc/documents/request', { ...init, body: { userId, message } })),
  decide: (userId: string, decision: 'verified' | 'rejected', text: string): Promise<KycStatusView> =>
    callGateway((client, init) =>
      client.POST('/api/v1/admin/users/{id}/kyc', {
        ...init,
        params: { path: { id: userId } },
        body: decision === 'verified' ? { decision, notes: text || undefined } : { decision, reason: text },
      }),
    ),
};
