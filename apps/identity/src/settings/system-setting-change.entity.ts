import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One change of a platform setting: the version it produced, the value before and after, who and when. */
@Entity({ name: 'system_setting_changes' })
@Index('uq_system_setting_changes_key_version', ['settingKey', 'version'], { unique: true })
export class SystemSettingChange {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_system_setting_changes' }) id: string;
  @Column({ type: 'text' }) settingKey: string;
  @Column({ type: 'int' }) version: number;
  @Column({ type: 'jsonb', nullable: true }) previousValue: unknown;
  @Column({ type: 'jsonb' }) value: unknown;
  @Column({ type: 'uuid', nullable: true }) changedBy: string | null;
  @Column({ type: 'text', nullable: true }) changedByEmail: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) changedAt: Date;
}
