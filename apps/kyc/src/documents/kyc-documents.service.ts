import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import {
  Actor,
  AdminKycDocumentPage,
  AdminKycDocumentView,
  AdminListKycDocumentsPayload,
  adminRoleAllows,
  DecideKycPayload,
  DocumentRequestSent,
  IdentityCommands,
  KycDocumentList,
  KycDocumentView,
  KycEvents,
  isKycDocumentPurpose,
  KycStatusView,
  RequestKycDocumentPayload,
  ReviewKycDocumentPayload,
  SubmitKycDocumentPayload,
  UserSummary,
  DEFAULT_PAGE_SIZE,
} from '@portal/contracts';
import { addToOutbox, fieldRefusal, PlatformSettings, ServiceCallError, ServiceClient, ServiceError } from '@portal/messaging';
import { keysetPageOf } from '@portal/database';
import { StoredFileRecord } from '../files/stored-file.entity';
import { KycProfile } from '../kyc-status/kyc-profile.entity';
import { KycDocument, KycDocumentRequest } from './kyc-document.entity';

const text = (value: string | undefined | null): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed.slice(0, 1000);
};

@Injectable()
export class KycDocumentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly services: ServiceClient,
  ) {}

  /** A customer hands in one of their own uploaded files as a KYC document; it waits for review. */
  async submit(payload: SubmitKycDocumentPayload, actor: Actor | null): Promise<KycDocumentView> {
    const owner = this.requireCustomer(actor);
    requireKycVerificationEnabled(this.settings);
    return this.dataSource.transaction(async (manager) => {
      const file = await manager.findOneBy(StoredFileRecord, { id: payload.fileId, ownerId: owner.userId });
      // Another person's file or an unknown id: the same answer, nothing revealed. A file of
      // theirs uploaded for something else (an application's PDF, a GIF profile photo) is not
      // one of the Document Upload Center's either, and they are told so: its type was not
      // checked as a KYC document's, and the admins who review KYC are not the ones its
      // purpose lets read it. A biometric camera still is a KYC upload but not a document.
      if (!file) throw ServiceError.of(404, 'file_not_found');
      if (!isKycDocumentPurpose(file.purpose)) throw ServiceError.of(400, 'kyc_document_wrong_purpose');
      const document = manager.create(KycDocument, { id: randomUUID(), userId: owner.userId, documentType: payload.documentType, fileId: file.id, status: 'pending', reviewNotes: null, reviewedBy: null, reviewedAt: null });
      // The same file handed in twice at once: the unique file id lets one in, the other is told so (not a 500).
      const inserted = await manager.createQueryBuilder().insert().into(KycDocument).values(document).orIgnore().execute();
      if ((inserted.raw as unknown[]).length === 0) throw ServiceError.of(409, 'document_exists');
      await addToOutbox(manager, KycEvents.documentUploaded, { documentId: document.id, userId: owner.userId, documentType: document.documentType, fileId: file.id });
      const stored = await manager.findOneByOrFail(KycDocument, { id: document.id });
      return this.view(stored, file);
    });
  }

  async listMine(actor: Actor | null): Promise<KycDocumentList> {
    const owner = this.requireSignedIn(actor);
    const documents = await this.dataSource.manager.find(KycDocument, { where: { userId: owner.userId }, order: { createdAt: 'DESC' } });
    return { items: await this.views(documents) };
  }

  /** The admin's table: search by the owner's name or email or by document type, filter by status; counters over everything. */
  async adminList(filter: AdminListKycDocumentsPayload, actor: Actor | null): Promise<AdminKycDocumentPage> {
    const admin = this.requireAdmin(actor);
    const query = this.dataSource.manager.createQueryBuilder(KycDocument, 'document');
    if (filter.status) query.andWhere('document.status = :status', { status: filter.status });
    if (filter.userId) query.andWhere('document.userId = :userId', { userId: filter.userId });
    const q = filter.q?.trim();
    if (q) {
      const owners = await this.findOwners(q, admin);
      query.andWhere(owners.length > 0 ? '(document.documentType ILIKE :q OR document.userId IN (:...owners))' : 'document.documentType ILIKE :q', {
        q: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
        owners,
      });
    }
    const [{ rows: documents, nextCursor }, total] = await Promise.all([
      keysetPageOf(query, { at: 'document.createdAt', id: 'document.id', limit: filter.limit ?? DEFAULT_PAGE_SIZE, cursor: filter.cursor }),
      query.getCount(),
    ]);
    const people = await this.people([...new Set(documents.map((document) => document.userId))], admin);
    const profiles = documents.length > 0 ? await this.dataSource.manager.findBy(KycProfile, { userId: In([...new Set(documents.map((document) => document.userId))]) }) : [];
    const statuses = new Map(profiles.map((profile) => [profile.userId, profile.kycStatus]));
    const owners = [...new Set(documents.map((document) => document.userId))];
    const verified = owners.length
      ? await this.dataSource.query<{ user_id: string; completed_at: Date }[]>(
          `SELECT user_id, MAX(completed_at) AS completed_at FROM kyc.biometric_sessions WHERE status = 'completed' AND user_id = ANY($1) GROUP BY user_id`,
          [owners],
        )
      : [];
    const biometric = new Map(verified.map((row) => [row.user_id, new Date(row.completed_at).toISOString()]));
    const views = await this.views(documents);
    const counts = await this.dataSource.manager
      .createQueryBuilder(KycDocument, 'document')
      .select('document.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('document.status')
      .getRawMany<{ status: string; count: string }>();
    const count = (status: string) => Number(counts.find((row) => row.status === status)?.count ?? 0);
    return {
      items: views.map((view): AdminKycDocumentView => {
        const person = people.get(view.userId);
        return { ...view, userName: person ? `${person.firstName} ${person.lastName}`.trim() : null, userEmail: person?.email ?? null, userKycStatus: statuses.get(view.userId) ?? null, userBiometricVerifiedAt: biometric.get(view.userId) ?? null };
      }),
      nextCursor,
      total,
      counters: { total: counts.reduce((sum, row) => sum + Number(row.count), 0), pending: count('pending'), approved: count('approved'), rejected: count('rejected') },
    };
  }

  /** Approves or rejects a pending document with notes; the customer is told through documentReviewed. */
  async review(payload: ReviewKycDocumentPayload, actor: Actor | null): Promise<KycDocumentView> {
    const admin = this.requireAdmin(actor);
    const notes = text(payload.notes);
    return this.dataSource.transaction(async (manager) => {
      const document = await manager.findOne(KycDocument, { where: { id: payload.documentId }, lock: { mode: 'pessimistic_write' } });
      if (!document) throw ServiceError.of(404, 'document_not_found');
      if (document.status !== 'pending') throw ServiceError.of(409, 'document_already_reviewed', { params: { status: document.status } });
      await this.recordReview(manager, admin, document, payload.decision, notes);
      const file = await manager.findOneBy(StoredFileRecord, { id: document.fileId });
      return this.view(document, file);
    });
  }

  /** Asks a customer for a document; notification sends them a warning notification and an email. */
  async request(payload: RequestKycDocumentPayload, actor: Actor | null): Promise<DocumentRequestSent> {
    const admin = this.requireAdmin(actor);
    const message = text(payload.message);
    if (!message) throw ServiceError.of(400, 'message_required');
    return this.dataSource.transaction(async (manager) => {
      if (!(await manager.existsBy(KycProfile, { userId: payload.userId }))) throw ServiceError.of(404, 'user_not_found');
      const request = manager.create(KycDocumentRequest, { id: randomUUID(), userId: payload.userId, message, requestedBy: admin.userId });
      await manager.insert(KycDocumentRequest, request);
      await addToOutbox(manager, KycEvents.documentRequested, { requestId: request.id, userId: payload.userId, message, requestedBy: admin.userId });
      await this.audit(manager, admin, 'kyc_document_requested', 'user', payload.userId, 'Requested a KYC document from the customer', { message });
      return { sent: true };
    });
  }

  /** A pending document approved or rejected by this admin: stored, announced (the customer is told) and audited, as each review is. */
  private async recordReview(manager: EntityManager, admin: Actor, document: KycDocument, decision: 'approved' | 'rejected', notes: string | null): Promise<void> {
    document.status = decision;
    document.reviewNotes = notes;
    document.reviewedBy = admin.userId;
    document.reviewedAt = new Date();
    await manager.save(document);
    await addToOutbox(manager, KycEvents.documentReviewed, { documentId: document.id, userId: document.userId, documentType: document.documentType, decision, notes });
    await this.audit(manager, admin, `kyc_document_${decision}`, 'kyc_document', document.id, `KYC ${document.documentType} document ${decision}`, {
      userId: document.userId,
      documentType: document.documentType,
      notes,
    });
  }

  /**
   * The admin's user-level KYC decision, offered while the customer's KYC is pending; a
   * rejection needs a reason. Spec 02 §4: the profile-level decision also decides the
   * user's document reviews (approved if verified, rejected otherwise, with its notes or
   * reason), in the same transaction and with the events a document review sends. Only
   * reviews still pending: one an admin already decided keeps that decision and its notes.
   */
  async decide(payload: DecideKycPayload, actor: Actor | null): Promise<KycStatusView> {
    const admin = this.requireAdmin(actor);
    const reason = text(payload.reason);
    const notes = text(payload.notes);
    if (payload.decision === 'rejected' && !reason) throw ServiceError.of(400, 'reason_required', { details: [fieldRefusal('reason', 'reason_required')] });
    return this.dataSource.transaction(async (manager) => {
      const profile = await manager.findOne(KycProfile, { where: { userId: payload.userId }, lock: { mode: 'pessimistic_write' } });
      if (!profile) throw ServiceError.of(404, 'user_not_found');
      if (profile.kycStatus !== 'pending') throw ServiceError.of(409, 'kyc_already_decided', { params: { status: profile.kycStatus } });
      profile.kycStatus = payload.decision;
      profile.version += 1;
      await manager.save(profile);
      const said = payload.decision === 'rejected' ? reason : notes;
      await addToOutbox(manager, KycEvents.statusChanged, { userId: profile.userId, kycStatus: profile.kycStatus, version: profile.version, reason: said });
      await this.audit(manager, admin, payload.decision === 'verified' ? 'kyc_approved' : 'kyc_rejected', 'user', profile.userId, `KYC ${payload.decision === 'verified' ? 'approved' : 'rejected'}`, {
        notes,
        reason,
      });
      // Locked, so a review of one of them meanwhile either went first (and it is no longer pending) or waits and finds it decided.
      const pending = await manager.find(KycDocument, { where: { userId: profile.userId, status: 'pending' }, order: { createdAt: 'ASC', id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
      for (const document of pending) await this.recordReview(manager, admin, document, payload.decision === 'verified' ? 'approved' : 'rejected', said);
      return { userId: profile.userId, kycStatus: profile.kycStatus, version: profile.version };
    });
  }

  private async audit(manager: EntityManager, admin: Actor, actionType: string, targetType: string, targetId: string, description: string, metadata: Record<string, unknown>): Promise<void> {
    await addToOutbox(manager, KycEvents.auditRecorded, { category: 'admin_action', actionType, actor: { userId: admin.userId, email: null }, targetType, targetId, description, metadata });
  }

  private async views(documents: KycDocument[]): Promise<KycDocumentView[]> {
    if (documents.length === 0) return [];
    const files = await this.dataSource.manager.findBy(StoredFileRecord, { id: In(documents.map((document) => document.fileId)) });
    const byId = new Map(files.map((file) => [file.id, file]));
    return documents.map((document) => this.view(document, byId.get(document.fileId) ?? null));
  }

  private view(document: KycDocument, file: StoredFileRecord | null): KycDocumentView {
    return {
      id: document.id,
      userId: document.userId,
      documentType: document.documentType,
      fileId: document.fileId,
      fileName: file?.name ?? 'document',
      mimeType: file?.mimeType ?? 'application/octet-stream',
      size: file?.size ?? 0,
      status: document.status,
      reviewNotes: document.reviewNotes,
      reviewedBy: document.reviewedBy,
      reviewedAt: document.reviewedAt?.toISOString() ?? null,
      uploadedAt: document.createdAt.toISOString(),
    };
  }

  private async findOwners(q: string, admin: Actor): Promise<string[]> {
    try {
      return (await this.services.send(IdentityCommands.findUserIds, { q }, { actor: admin })).userIds;
    } catch (error) {
      // Identity unavailable: search by document type only.
      if (error instanceof ServiceCallError) return [];
      throw error;
    }
  }

  private async people(userIds: string[], admin: Actor): Promise<Map<string, UserSummary>> {
    if (userIds.length === 0) return new Map();
    try {
      const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds }, { actor: admin });
      return new Map(users.map((user) => [user.id, user]));
    } catch (error) {
      if (error instanceof ServiceCallError) return new Map();
      throw error;
    }
  }

  private requireSignedIn(actor: Actor | null): Actor {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    return actor;
  }

  private requireCustomer(actor: Actor | null): Actor {
    const caller = this.requireSignedIn(actor);
    if (caller.userType !== 'customer') throw ServiceError.of(403, 'kyc_customers_only');
    return caller;
  }

  /** An admin whose role has the kyc permission (admin_roles setting; super admins have all). */
  private requireAdmin(actor: Actor | null): Actor {
    const caller = this.requireSignedIn(actor);
    if (caller.userType !== 'admin' || !adminRoleAllows(this.settings.get<unknown>('admin_roles'), caller.adminRole, 'kyc')) {
      throw ServiceError.of(403, 'forbidden');
    }
    return caller;
  }
}

/** The kyc_verification feature toggle (System Settings): off, customers cannot submit documents or start biometric checks. */
export function requireKycVerificationEnabled(settings: PlatformSettings): void {
  if (settings.get<Record<string, boolean>>('feature_toggles')?.kyc_verification === false) throw ServiceError.of(409, 'kyc_disabled');
}
