import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AuditCategory, AuditLogEntry } from '@portal/contracts';
import { AuditLog } from './audit-log.entity';

export interface AuditRecord {
  /** Given when the record comes from another service's event: its id, so it is written once. */
  id?: string;
  /** When the action happened, if not now. */
  at?: Date;
  category: AuditCategory;
  actionType: string;
  actor: { userId: string; email: string | null } | null;
  targetType?: string | null;
  targetId?: string | null;
  description: string;
  metadata?: Record<string, unknown>;
  clientIp?: string | null;
}

/** Writes an audit row inside the caller's transaction, so it commits with the action it describes. */
export async function recordAudit(manager: EntityManager, record: AuditRecord): Promise<AuditLog> {
  const row = manager.create(AuditLog, {
    id: record.id ?? randomUUID(),
    category: record.category,
    actionType: record.actionType,
    actorUserId: record.actor?.userId ?? null,
    actorEmail: record.actor?.email ?? null,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    description: record.description,
    // Drop undefined values so the stored document holds only what was known.
    metadata: Object.fromEntries(Object.entries(record.metadata ?? {}).filter(([, value]) => value !== undefined)),
    clientIp: record.clientIp ?? null,
    ...(record.at ? { createdAt: record.at } : {}),
  });
  // The cast covers only metadata: TypeORM cannot type a free-form jsonb document.
  await manager.insert(AuditLog, row as QueryDeepPartialEntity<AuditLog>);
  return row;
}

export function toAuditLogEntry(row: AuditLog): AuditLogEntry {
  return {
    id: row.id,
    category: row.category,
    actionType: row.actionType,
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    targetType: row.targetType,
    targetId: row.targetId,
    description: row.description,
    metadata: row.metadata,
    clientIp: row.clientIp,
    createdAt: row.createdAt.toISOString(),
  };
}
