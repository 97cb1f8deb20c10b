import { Body, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import {
  AdminKycDocumentPage,
  AdminListKycDocumentsPayload,
  DecideKycBody,
  DocumentRequestSent,
  KycDocumentCommands,
  KycDocumentList,
  KycDocumentView,
  KycStatusView,
  RequestKycDocumentPayload,
  RequestMeta,
  ReviewKycDocumentBody,
  SubmitKycDocumentPayload,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission, SignedIn } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, GetEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';

const documentId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'document_not_found') });
const userId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'user_not_found') });

/** The Document Upload Center: upload the file with POST /api/v1/files (purpose kyc:<type>), then hand it in here. */
@SignedIn()
@ApiController('kyc', 'api/v1/kyc')
export class KycDocumentsController {
  constructor(private readonly services: ServiceClient) {}

  @PostEndpoint('documents', { summary: 'Hand in one of your uploaded files as a KYC document (partnership, tax or id); it waits for review', type: KycDocumentView, errors: [400, 403, 404, 409] })
  submit(@Body() body: SubmitKycDocumentPayload, @RequestMetadata() meta: RequestMeta): Promise<KycDocumentView> {
    return this.services.send(KycDocumentCommands.submit, { fileId: body.fileId, documentType: body.documentType }, meta);
  }

  @GetEndpoint('documents', { summary: 'Your KYC documents with their review status and the reviewer’s notes', type: KycDocumentList })
  list(@RequestMetadata() meta: RequestMeta): Promise<KycDocumentList> {
    return this.services.send(KycDocumentCommands.listMine, {}, meta);
  }
}

/** KYC & Document Verification: the kyc service checks the admin role's kyc permission. */
@RequiresAdminPermission('kyc')
@ApiController('admin', 'api/v1/admin')
export class AdminKycController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('kyc/documents', { summary: 'KYC documents, newest first, searched by user name, email or document type, filtered by status, with counters', type: AdminKycDocumentPage, errors: [400] })
  list(@Query() query: AdminListKycDocumentsPayload, @RequestMetadata() meta: RequestMeta): Promise<AdminKycDocumentPage> {
    return this.services.send(KycDocumentCommands.adminList, { q: query.q, status: query.status, userId: query.userId, limit: query.limit, cursor: query.cursor }, meta);
  }

  @ActionEndpoint('kyc/documents/request', { summary: 'Ask a customer for a document (they get a warning notification and an email)', type: DocumentRequestSent, errors: [400, 404] })
  request(@Body() body: RequestKycDocumentPayload, @RequestMetadata() meta: RequestMeta): Promise<DocumentRequestSent> {
    return this.services.send(KycDocumentCommands.request, { userId: body.userId, message: body.message }, meta);
  }

  @ActionEndpoint('kyc/documents/:id/review', { summary: 'Approve or reject a pending document, with notes', type: KycDocumentView, errors: [400, 404, 409] })
  review(@Param('id', documentId) id: string, @Body() body: ReviewKycDocumentBody, @RequestMetadata() meta: RequestMeta): Promise<KycDocumentView> {
    return this.services.send(KycDocumentCommands.review, { documentId: id, decision: body.decision, notes: body.notes }, meta);
  }

  @ActionEndpoint('users/:id/kyc', { summary: "Decide a customer's pending KYC: verified (optional notes) or rejected (reason required)", type: KycStatusView, errors: [400, 404, 409] })
  decide(@Param('id', userId) id: string, @Body() body: DecideKycBody, @RequestMetadata() meta: RequestMeta): Promise<KycStatusView> {
    return this.services.send(KycDocumentCommands.decide, { userId: id, decision: body.decision, notes: body.notes, reason: body.reason }, meta);
  }
}
