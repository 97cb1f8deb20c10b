import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { EmailTemplateName } from './templates';

/**
 * An email the SMTP server accepted, written by the sending job right after. One per
 * event and template: the job checks it before sending, so a job run again after a
 * crash between "sent" and "job completed" does not send twice. Kept 30 days
 * (NotificationRetention): it names the recipient's address.
 */
@Entity({ name: 'email_deliveries' })
@Unique('uq_email_deliveries_event_template', ['eventId', 'template'])
@Index('idx_email_deliveries_recipient', ['recipient', 'sentAt'])
@Index('idx_email_deliveries_sent_at', ['sentAt'])
export class EmailDelivery {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') eventId: string;
  @Column({ type: 'varchar', length: 50 }) template: EmailTemplateName;
  @Column({ type: 'varchar', length: 320 }) recipient: string;
  @Column({ type: 'varchar', length: 300 }) subject: string;
  @Column({ type: 'varchar', length: 998 }) messageId: string;
  @Column({ type: 'timestamptz' }) sentAt: Date;
}
