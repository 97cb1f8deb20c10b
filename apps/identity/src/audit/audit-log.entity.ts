import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AuditCategory } from '@portal/contracts';

/**
 * Who did what to what, and when. Rows are never updated or deleted, and the actor is
 * kept by id and by email as it was then, so a record outlives the account it names.
 */
@Entity({ name: 'audit_logs' })
@Index('idx_audit_logs_created_at_id', ['createdAt', 'id'])
@Index('idx_audit_logs_category_created_at', ['category', 'createdAt'])
// The audit log's filters by admin and by action, newest first.
@Index('idx_audit_logs_actor_created_at', ['actorUserId', 'createdAt'])
@Index('idx_audit_logs_action_created_at', ['actionType', 'createdAt'])
export class AuditLog {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_audit_logs' }) id: string;
  @Column({ type: 'varchar', length: 30 }) category: AuditCategory;
  @Column({ type: 'varchar', length: 100 }) actionType: string;
  @Column({ type: 'uuid', nullable: true }) actorUserId: string | null;
  @Column({ type: 'varchar', length: 254, nullable: true }) actorEmail: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) targetType: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) targetId: string | null;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) metadata: Record<string, unknown>;
  @Column({ type: 'varchar', length: 64, nullable: true }) clientIp: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
