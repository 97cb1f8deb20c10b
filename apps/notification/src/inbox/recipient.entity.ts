import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { UserType } from '@portal/contracts';

/**
 * Where to email a user, kept from identity's user-registered events: ledger, support
 * and applications events name only the user id, and identity answers look-ups to admins only.
 */
@Entity({ name: 'recipients' })
export class Recipient {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_recipients' }) userId: string;
  @Column({ type: 'varchar', length: 320 }) email: string;
  @Column({ type: 'varchar', length: 100 }) firstName: string;
  @Column({ type: 'varchar', length: 20 }) userType: UserType;
}

/** A GIPP application whose confirmation email was queued: never a second one for it. */
@Entity({ name: 'gipp_confirmations' })
export class GippConfirmation {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_gipp_confirmations' }) applicationId: string;
  @Column({ type: 'uuid' }) eventId: string;
}
