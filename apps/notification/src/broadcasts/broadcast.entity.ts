import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { BroadcastAudience, NotificationType } from '@portal/contracts';

/** An admin's broadcast: what was sent, to whom (the filter) and to how many. */
@Entity({ name: 'broadcasts' })
@Index('idx_broadcasts_created', ['createdAt'])
export class Broadcast {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_broadcasts' }) id: string;
  @Column({ type: 'uuid' }) sentBy: string;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'varchar', length: 10 }) type: NotificationType;
  @Column({ type: 'jsonb' }) audience: BroadcastAudience;
  @Column({ type: 'int' }) recipientCount: number;
  @Column({ type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
