import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  AuditLogPage,
  DataExportDataset,
  IdentityEvents,
  ListAuditLogsPayload,
  RecordDataExportPayload,
  RecordDataExportResult,
  RecordFileViewPayload,
  RecordFileViewResult,
  RecordSecurityEventPayload,
  RecordSecurityEventResult,
  RequestMeta,
  SecurityEventRecordedEvent,
  SecurityEventType,
} from '@portal/contracts';
import { keysetPageOf } from '@portal/database';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { requireSuperAdmin } from '../users/super-admin';
import { User } from '../users/user.entity';
import { AuditLog } from './audit-log.entity';
import { recordAudit, toAuditLogEntry } from './record-audit';

export const DEFAULT_AUDIT_PAGE_SIZE = 20;
export const MAX_AUDIT_PAGE_SIZE = 100;

const DESCRIPTIONS: Record<SecurityEventType, (path: string) => string> = {
  unauthorized_access: (path) => `Unauthorized access attempt to ${path}`,
  suspicious_activity: (path) => `Suspicious activity on ${path}`,
  data_breach_attempt: (path) => `Possible data breach attempt on ${path}`,
};

/** What an export held, as the record's description names it. */
const EXPORTED: Record<DataExportDataset, string> = {
  transactions: 'transactions',
  audit_logs: 'the audit log',
  report_overview: 'the overview report',
  report_financial: 'the financial report',
  report_users: 'the users report',
  report_audit_logs: 'the audit log report',
};

/** What a file is, by its purpose, as a file_viewed record's description names it (never by its name). */
function fileKind(purpose: string | null | undefined): string {
  if (purpose?.startsWith('kyc:')) return 'a KYC document';
  if (purpose?.startsWith('application:')) return "an application's document";
  if (purpose === 'profile_photo') return 'a profile photo';
  return 'a file';
}

/** The page size a caller asked for, within 1..100; absent means the default. */
export function auditPageSize(limit: unknown): number {
  if (limit === undefined || limit === null || limit === '') return DEFAULT_AUDIT_PAGE_SIZE;
  const parsed = typeof limit === 'number' ? limit : Number(limit);
  if (!Number.isInteger(parsed) || parsed < 1) throw ServiceError.of(400, 'limit_invalid');
  return Math.min(parsed, MAX_AUDIT_PAGE_SIZE);
}

@Injectable()
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  recordSecurityEvent(payload: RecordSecurityEventPayload, meta: RequestMeta): Promise<RecordSecurityEventResult> {
    const actor = meta.actor;
    const source = payload.source ?? 'web';
    return this.dataSource.transaction(async (manager) => {
      // The email as it is now, so the record still names the person if the account goes.
      const actorUser = actor ? await manager.findOne(User, { where: { id: actor.userId }, select: { id: true, email: true } }) : null;
      const row = await recordAudit(manager, {
        category: 'security_event',
        actionType: payload.type,
        actor: actor ? { userId: actor.userId, email: actorUser?.email ?? null } : null,
        // Always the server's words: a report from the browser cannot pass itself off as
        // a server event, and says so.
        description: source === 'web' ? `Reported by the browser: ${DESCRIPTIONS[payload.type](payload.path)}` : DESCRIPTIONS[payload.type](payload.path),
        metadata: {
          path: payload.path,
          method: payload.method,
          source,
          clientReported: source === 'web' ? true : undefined,
          reportedDetails: payload.details?.trim() || undefined,
          userAgent: meta.userAgent?.slice(0, 500),
          userType: actor?.userType,
        },
        clientIp: meta.clientIp ?? null,
      });
      const event: SecurityEventRecordedEvent = { auditId: row.id, type: payload.type, userId: actor?.userId ?? null, description: row.description };
      await addToOutbox(manager, IdentityEvents.securityEventRecorded, event);
      return { id: row.id };
    });
  }

  /**
   * An admin's file export, recorded before the gateway sends its first byte: the gateway
   * sends no file unless this answers. Only an active administrator, as stored now (not as
   * the token says), may record one.
   */
  recordDataExport(payload: RecordDataExportPayload, actor: Actor, meta: RequestMeta): Promise<RecordDataExportResult> {
    return this.dataSource.transaction(async (manager) => {
      const caller = await manager.findOne(User, { where: { id: actor.userId }, select: { id: true, email: true, userType: true, userStatus: true, adminRole: true } });
      if (!caller || caller.userType !== 'admin' || caller.userStatus !== 'active') throw ServiceError.of(403, 'access_denied');
      const row = await recordAudit(manager, {
        category: 'admin_action',
        actionType: 'data_exported',
        actor: { userId: caller.id, email: caller.email },
        targetType: 'dataset',
        targetId: payload.dataset,
        description: `Exported ${EXPORTED[payload.dataset]} as ${payload.format.toUpperCase()}`,
        metadata: {
          dataset: payload.dataset,
          format: payload.format,
          filters: payload.filters,
          adminRole: caller.adminRole,
          userAgent: meta.userAgent?.slice(0, 500),
          requestId: meta.requestId,
        },
        clientIp: meta.clientIp ?? null,
      });
      return { id: row.id };
    });
  }

  /**
   * An administrator opening another person's file, recorded before the gateway sends its
   * first byte: the gateway sends no file unless this answers. Only an active
   * administrator, as stored now, may record one. The record names the file by id, owner,
   * purpose and content type; never by its name, which may hold personal data.
   */
  recordFileView(payload: RecordFileViewPayload, actor: Actor, meta: RequestMeta): Promise<RecordFileViewResult> {
    return this.dataSource.transaction(async (manager) => {
      const caller = await manager.findOne(User, { where: { id: actor.userId }, select: { id: true, email: true, userType: true, userStatus: true, adminRole: true } });
      if (!caller || caller.userType !== 'admin' || caller.userStatus !== 'active') throw ServiceError.of(403, 'access_denied');
      const row = await recordAudit(manager, {
        category: 'admin_action',
        actionType: 'file_viewed',
        actor: { userId: caller.id, email: caller.email },
        targetType: 'file',
        targetId: payload.fileId,
        description: `Opened ${fileKind(payload.purpose)} (${payload.mimeType}) of another user`,
        metadata: {
          fileId: payload.fileId,
          ownerUserId: payload.ownerId ?? null,
          purpose: payload.purpose ?? null,
          mimeType: payload.mimeType,
          size: payload.size,
          adminRole: caller.adminRole,
          userAgent: meta.userAgent?.slice(0, 500),
          requestId: meta.requestId,
        },
        clientIp: meta.clientIp ?? null,
      });
      return { id: row.id };
    });
  }

  async listAuditLogs(payload: ListAuditLogsPayload, actor: Actor): Promise<AuditLogPage> {
    await requireSuperAdmin(this.dataSource.manager, actor, 'audit_logs_super_admin_only');
    const limit = auditPageSize(payload.limit);
    const filtered = this.dataSource.getRepository(AuditLog).createQueryBuilder('log');
    if (payload.category) filtered.andWhere('log.category = :category', { category: payload.category });
    if (payload.actorUserId) filtered.andWhere('log.actorUserId = :actorUserId', { actorUserId: payload.actorUserId });
    if (payload.actionType) filtered.andWhere('log.actionType = :actionType', { actionType: payload.actionType });
    if (payload.from) filtered.andWhere('log.createdAt >= :from', { from: new Date(payload.from) });
    if (payload.to) filtered.andWhere('log.createdAt < :to', { to: new Date(payload.to) });
    // Counting scans every matching record: an export walking the pages asks for it once, not per page.
    const [{ rows, nextCursor }, total] = await Promise.all([
      keysetPageOf(filtered, { at: 'log.createdAt', id: 'log.id', limit, cursor: payload.cursor }),
      payload.skipTotal ? 0 : filtered.getCount(),
    ]);
    return { items: rows.map(toAuditLogEntry), nextCursor, total };
  }
}
