import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { TicketCategory, TicketPriority, TicketStatus } from '@portal/contracts';

/** A customer's support ticket; its conversation is kept in ticket_messages. */
@Entity({ name: 'tickets' })
@Index('idx_tickets_user_created', ['userId', 'createdAt'])
@Index('idx_tickets_status_created', ['status', 'createdAt'])
export class Ticket {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_tickets' }) id: string;
  /** The customer who owns it, from the verified actor, never from input. */
  @Column({ type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'varchar', length: 50 }) category: TicketCategory;
  @Column({ type: 'varchar', length: 20 }) priority: TicketPriority;
  /** The opening message, kept on the ticket for list previews. */
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'varchar', length: 20 }) status: TicketStatus;
  @Column({ type: 'int', default: 1 }) messageCount: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
  @OneToMany(() => TicketMessage, (message) => message.ticket) messages?: TicketMessage[];
}

/** One message of a ticket's conversation: the opening one, a customer's reply or an admin's answer. */
@Entity({ name: 'ticket_messages' })
@Index('idx_ticket_messages_ticket_created', ['ticketId', 'createdAt'])
@Index('uq_ticket_messages_ticket_position', ['ticketId', 'position'], { unique: true })
export class TicketMessage {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_ticket_messages' }) id: string;
  @Column({ type: 'uuid' }) ticketId: string;
  @ManyToOne(() => Ticket, (ticket) => ticket.messages, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ticket_id', foreignKeyConstraintName: 'fk_ticket_messages_ticket' })
  ticket?: Ticket;
  @Column({ type: 'uuid' }) authorId: string;
  @Column({ type: 'varchar', length: 20 }) authorRole: 'customer' | 'admin';
  @Column({ type: 'text' }) body: string;
  /**
   * The message's place in the conversation (1 for the opening one), taken under the
   * ticket's row lock. created_at is the writing transaction's start, which, when people
   * write at once, need not follow the order the messages were written in.
   */
  @Column({ type: 'int' }) position: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
