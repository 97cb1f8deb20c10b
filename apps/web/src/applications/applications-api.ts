import type {
  AdminApplicationPage,
  ApplicationBody,
  ApplicationPage,
  ApplicationView,
  InvestmentList,
  InvestmentView,
  LatestApplicationStatus,
  OversightPage,
  OversightRow,
  StoredFile,
} from '@portal/api-client';
import { callGateway } from '../api/http';

export type ApplicationType = ApplicationBody['applicationType'];
export type ApplicationStatus = ApplicationView['status'];
export type ReviewDecision = 'under_review' | 'approved' | 'rejected';

export interface AdminApplicationFilter {
  q?: string;
  status?: ApplicationStatus;
  type?: ApplicationType;
}

export interface OversightFilter {
  q?: string;
  status?: OversightRow['status'];
}

export const applicationsApi = {
  submit: (body: ApplicationBody): Promise<ApplicationView> => callGateway((client, init) => client.POST('/api/v1/applications', { ...init, body })),
  updateDraft: (id: string, body: ApplicationBody): Promise<ApplicationView> =>
    callGateway((client, init) => client.PUT('/api/v1/applications/{id}', { ...init, params: { path: { id } }, body })),
  listOwn: (): Promise<ApplicationPage> => callGateway((client, init) => client.GET('/api/v1/applications', init)),
  latestStatus: (): Promise<LatestApplicationStatus> => callGateway((client, init) => client.GET('/api/v1/applications/latest-status', init)),
  listOwnInvestments: (): Promise<InvestmentList> => callGateway((client, init) => client.GET('/api/v1/investments', init)),
  /** Cancels the customer's own investment while it awaits funding; any funded part returns to the available balance (409 otherwise). */
  cancelOwnInvestment: (id: string): Promise<InvestmentView> =>
    callGateway((client, init) => client.POST('/api/v1/investments/{id}/cancel', { ...init, params: { path: { id } } })),
  adminList: (filter: AdminApplicationFilter): Promise<AdminApplicationPage> =>
    callGateway((client, init) => client.GET('/api/v1/admin/applications', { ...init, params: { query: { ...filter, limit: 100 } } })),
  review: (id: string, decision: ReviewDecision, note: string): Promise<ApplicationView> =>
    callGateway((client, init) => client.POST('/api/v1/admin/applications/{id}/review', { ...init, params: { path: { id } }, body: { decision, note } })),
  adminInvestments: (filter: OversightFilter): Promise<OversightPage> =>
    callGateway((client, init) => client.GET('/api/v1/admin/investments', { ...init, params: { query: filter } })),
};

export const filesApi = {
  /** Uploads one document; the server checks its type by content and its size. */
  upload: (file: File, purpose: string): Promise<StoredFile> => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    return callGateway((client, init) =>
      client.POST('/api/v1/files', { ...init, body: form as never, bodySerializer: (body: unknown) => body as FormData }),
    );
  },
  /** The file's bytes, fetched with the session (a plain link would carry no token). */
  download: (id: string): Promise<Blob> =>
    callGateway((client, init) => client.GET('/api/v1/files/{id}', { ...init, params: { path: { id } }, parseAs: 'blob' })) as Promise<Blob>,
};

/** Opens a stored document in a new tab. */
export async function openDocument(fileId: string): Promise<void> {
  const blob = await filesApi.download(fileId);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  // Long enough for the new tab to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
