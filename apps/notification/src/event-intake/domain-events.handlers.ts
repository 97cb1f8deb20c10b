import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  ApplicationReviewedEvent,
  ApplicationsEvents,
  ApplicationSubmittedEvent,
  EventEnvelope,
  InvestmentLifecycleEvent,
  KycDocumentRequestedEvent,
  KycDocumentReviewedEvent,
  KycStatusChangedEvent,
  KycEvents,
  Language,
  LedgerEvents,
  SecurityDepositEvent,
  SupportEvents,
  TicketEvent,
  TransactionEvent,
  UserRegisteredEvent,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { EventContext, LOGGER, OnEvent, PlatformSettings, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailRequest } from '../email/email-job';
import { EmailQueue } from '../email/email-queue';
import type { InvestmentEmailParams } from '../email/templates';
import type { RejectedTransactionKind } from '../email/templates/transaction.templates';
import { isErased } from '../erasure/erased-users';
import { Inbox } from '../inbox/inbox';
import { GippConfirmation, Recipient } from '../inbox/recipient.entity';
import { NotificationEnvironment } from '../notification-environment';
import { addresseeOf, preferredLanguageOf, wantsMessage } from '../preferences/notification-preferences';
import { Content, isKycDecision, DomainEventNotifications as Notify } from './domain-event-notifications';

function page(webUrl: string, path: string): string {
  return `${webUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The notifications (and emails) other services' events ask for. Each method runs once
 * per event inside the transaction that records it handled; the notification row is
 * unique per event and user as well, and an email's job id is derived from the event.
 */
abstract class DomainEventIntake {
  constructor(
    protected readonly inbox: Inbox,
    protected readonly emailQueue: EmailQueue,
    protected readonly environment: NotificationEnvironment,
    protected readonly logger: Logger,
    protected readonly settings: PlatformSettings,
  ) {}

  /** The email_notifications feature toggle (System Settings): off, activity emails are not sent; in-app notifications still are. */
  protected emailsEnabled(): boolean {
    return this.settings.get<Record<string, boolean>>('feature_toggles')?.email_notifications !== false;
  }

  /**
   * Nothing when the user switched off the event's group (Account Settings, Notifications)
   * or their account was deleted (Inbox.deliver); otherwise written in the user's language
   * as it is now, like their emails.
   */
  protected async notify(manager: EntityManager, event: EventEnvelope<{ userId: string }>, build: (language: Language) => Content): Promise<void> {
    const addressee = await addresseeOf(manager, event.payload.userId);
    if (!addressee.wants(event.subject)) return;
    await this.inbox.deliver(manager, { ...build(addressee.language), userId: event.payload.userId, sourceEventId: event.id });
  }

  /** Emails the user when identity told us their address; otherwise the in-app notification has to do. */
  protected async email(manager: EntityManager, event: EventEnvelope<{ userId: string }>, build: (recipient: Recipient) => EmailRequest): Promise<void> {
    if (!this.emailsEnabled()) {
      this.logger.info({ eventId: event.id, subject: event.subject }, 'email notifications are switched off; email not sent');
      return;
    }
    // Their address is erased with the account, but a late user.registered could have brought it back before the tombstone.
    if (await isErased(manager, event.payload.userId)) return;
    const addressee = await addresseeOf(manager, event.payload.userId);
    if (!addressee.wants(event.subject)) return;
    const { recipient } = addressee;
    if (!recipient) {
      this.logger.warn({ eventId: event.id, subject: event.subject, userId: event.payload.userId }, 'no email address known for the user; email not sent');
      return;
    }
    // Queued inside the event's transaction (see IdentityEventsHandlers.queue for why). Sent
    // to the user's address as it is when the email goes, should it change while it waits.
    await this.emailQueue.enqueue({ ...build(recipient), currentAddressOf: event.payload.userId, eventId: event.id, requestId: event.requestId, language: addressee.language });
  }

  protected link(path: string): string {
    return page(this.environment.WEB_URL, path);
  }
}

@Injectable()
export class ApplicationEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  @OnEvent(ApplicationsEvents.reviewed)
  async reviewed(payload: ApplicationReviewedEvent, { event, manager }: EventContext<ApplicationReviewedEvent>) {
    await this.notify(manager, event, (language) => Notify.applicationReviewed(payload, language));
    if (payload.status === 'under_review') return;
    const decision = payload.status;
    await this.email(manager, event, (recipient) => ({
      template: 'application-decision',
      to: recipient.email,
      params: { firstName: recipient.firstName, applicationType: payload.applicationType, decision, note: payload.note ?? null, investmentsUrl: this.link('/app/investments') },
    }));
  }

  /** The GIPP confirmation email (spec 01 §7), once per application even if submitted events repeat. */
  @OnEvent(ApplicationsEvents.submitted)
  async submitted(payload: ApplicationSubmittedEvent, { event, manager }: EventContext<ApplicationSubmittedEvent>) {
    if (payload.applicationType !== 'gipp' || !this.emailsEnabled()) return;
    if (await isErased(manager, payload.userId)) return;
    if (!(await wantsMessage(manager, payload.userId, event.subject))) return;
    const first = await manager.createQueryBuilder().insert().into(GippConfirmation).values({ applicationId: payload.applicationId, eventId: event.id }).orIgnore().returning('application_id').execute();
    if ((first.raw as unknown[]).length === 0) return;
    // Keyed by the application, not the event: a second submitted event cannot send a second email.
    await this.emailQueue.enqueue({
      template: 'gipp-submitted',
      to: payload.email,
      params: { clientName: payload.fullName, confirmationUrl: this.link('/auth/login') },
      eventId: payload.applicationId,
      requestId: event.requestId,
      language: await preferredLanguageOf(manager, payload.userId),
    });
  }
}

@Injectable()
export class LedgerEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  private transactionEmail(payload: TransactionEvent, recipient: Recipient) {
    return { firstName: recipient.firstName, amount: payload.amount, currency: payload.currency, reference: payload.reference, occurredAt: payload.occurredAt, transactionsUrl: this.link('/app/transactions') };
  }

  /** A rejection is told by email too, with the admin's reason (issue 30): the customer may not open the portal to look. */
  private async emailRejection(manager: EntityManager, event: EventEnvelope<TransactionEvent>, kind: RejectedTransactionKind): Promise<void> {
    const payload = event.payload;
    await this.email(manager, event, (recipient) => ({
      template: 'transaction-rejected',
      to: recipient.email,
      params: { ...this.transactionEmail(payload, recipient), kind, reason: payload.reason ?? null },
    }));
  }

  @OnEvent(LedgerEvents.withdrawalRequested)
  async withdrawalRequested(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    await this.email(manager, event, (recipient) => ({ template: 'withdrawal-requested', to: recipient.email, params: this.transactionEmail(payload, recipient) }));
  }

  @OnEvent(LedgerEvents.depositCompleted)
  async depositCompleted(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    await this.notify(manager, event, (language) => Notify.depositCompleted(payload, language));
    await this.email(manager, event, (recipient) => ({ template: 'deposit-completed', to: recipient.email, params: this.transactionEmail(payload, recipient) }));
  }

  @OnEvent(LedgerEvents.depositRejected)
  async depositRejected(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    await this.notify(manager, event, (language) => Notify.depositRejected(payload, language));
    await this.emailRejection(manager, event, 'deposit');
  }

  @OnEvent(LedgerEvents.withdrawalCompleted)
  async withdrawalCompleted(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    await this.notify(manager, event, (language) => Notify.withdrawalCompleted(payload, language));
  }

  @OnEvent(LedgerEvents.withdrawalRejected)
  async withdrawalRejected(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    await this.notify(manager, event, (language) => Notify.withdrawalRejected(payload, language));
    await this.emailRejection(manager, event, 'withdrawal');
  }

  /**
   * A payment by bank or Bitcoin that an admin confirmed: the customer was waiting for it.
   * One from the balance was confirmed on screen as it was made (INV-BAL), so no notification.
   */
  @OnEvent(LedgerEvents.investmentPaid)
  async investmentPaid(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    if (payload.reference.startsWith('INV-BAL')) return;
    await this.notify(manager, event, (language) => Notify.investmentPaid(payload, language));
  }

  @OnEvent(LedgerEvents.investmentRejected)
  async investmentRejected(payload: TransactionEvent, { event, manager }: EventContext<TransactionEvent>) {
    await this.notify(manager, event, (language) => Notify.investmentRejected(payload, language));
    await this.emailRejection(manager, event, 'investment');
  }

  private investmentEmail(payload: InvestmentLifecycleEvent, recipient: Recipient): InvestmentEmailParams {
    return {
      firstName: recipient.firstName,
      investmentType: payload.investmentType,
      amount: payload.amount,
      currency: payload.currency,
      returnAmount: payload.returnAmount,
      feeAmount: payload.feeAmount,
      paidOut: payload.paidOut,
      startDate: payload.startDate ?? null,
      maturityDate: payload.maturityDate ?? null,
      durationMonths: payload.durationMonths,
      investmentsUrl: this.link('/app/investments'),
    };
  }

  /**
   * Fully funded and earning: told in the bell and by email (as a credited deposit is), with
   * its start and maturity dates. The payment that completed it may have been confirmed by an
   * admin or made from the balance; either way this is the moment the investment starts.
   */
  @OnEvent(LedgerEvents.investmentActivated)
  async investmentActivated(payload: InvestmentLifecycleEvent, { event, manager }: EventContext<InvestmentLifecycleEvent>) {
    await this.notify(manager, event, (language) => Notify.investmentActivated(payload, language));
    await this.email(manager, event, (recipient) => ({ template: 'investment-activated', to: recipient.email, params: this.investmentEmail(payload, recipient) }));
  }

  /** Paid out: principal, return, fee and what reached the available balance. */
  @OnEvent(LedgerEvents.investmentMatured)
  async investmentMatured(payload: InvestmentLifecycleEvent, { event, manager }: EventContext<InvestmentLifecycleEvent>) {
    await this.notify(manager, event, (language) => Notify.investmentMatured(payload, language));
    await this.email(manager, event, (recipient) => ({ template: 'investment-matured', to: recipient.email, params: this.investmentEmail(payload, recipient) }));
  }

  /** Cancelled by the customer or unfunded past the funding period; any funded part is back on the balance. */
  @OnEvent(LedgerEvents.investmentCancelled)
  async investmentCancelled(payload: InvestmentLifecycleEvent, { event, manager }: EventContext<InvestmentLifecycleEvent>) {
    await this.notify(manager, event, (language) => Notify.investmentCancelled(payload, language));
    await this.email(manager, event, (recipient) => ({ template: 'investment-cancelled', to: recipient.email, params: this.investmentEmail(payload, recipient) }));
  }

  @OnEvent(LedgerEvents.securityDepositCreated)
  async securityDepositCreated(payload: SecurityDepositEvent, { event, manager }: EventContext<SecurityDepositEvent>) {
    await this.notify(manager, event, (language) => Notify.securityDeposit('created', payload, language));
  }

  @OnEvent(LedgerEvents.securityDepositLocked)
  async securityDepositLocked(payload: SecurityDepositEvent, { event, manager }: EventContext<SecurityDepositEvent>) {
    await this.notify(manager, event, (language) => Notify.securityDeposit('locked', payload, language));
  }

  @OnEvent(LedgerEvents.securityDepositUnlocked)
  async securityDepositUnlocked(payload: SecurityDepositEvent, { event, manager }: EventContext<SecurityDepositEvent>) {
    await this.notify(manager, event, (language) => Notify.securityDeposit('unlocked', payload, language));
  }
}

@Injectable()
export class KycEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  @OnEvent(KycEvents.documentReviewed)
  async documentReviewed(payload: KycDocumentReviewedEvent, { event, manager }: EventContext<KycDocumentReviewedEvent>) {
    await this.notify(manager, event, (language) => Notify.documentReviewed(payload, language));
  }

  @OnEvent(KycEvents.documentRequested)
  async documentsRequested(payload: KycDocumentRequestedEvent, { event, manager }: EventContext<KycDocumentRequestedEvent>) {
    await this.notify(manager, event, (language) => Notify.documentsRequested(payload, language));
    await this.email(manager, event, (recipient) => ({
      template: 'kyc-documents-requested',
      to: recipient.email,
      params: { firstName: recipient.firstName, message: payload.message, documentsUrl: this.link('/app/documents') },
    }));
  }

  @OnEvent(KycEvents.statusChanged)
  async statusChanged(payload: KycStatusChangedEvent, { event, manager }: EventContext<KycStatusChangedEvent>) {
    if (!isKycDecision(payload)) return;
    await this.notify(manager, event, (language) => Notify.kycDecision(payload, language));
    await this.email(manager, event, (recipient) => ({
      template: 'kyc-decision',
      to: recipient.email,
      params: { firstName: recipient.firstName, decision: payload.kycStatus === 'verified' ? 'verified' : 'rejected', reason: payload.reason ?? null, documentsUrl: this.link('/app/documents') },
    }));
  }
}

@Injectable()
export class SupportEventsHandlers extends DomainEventIntake {
  constructor(inbox: Inbox, emailQueue: EmailQueue, @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment, @Inject(LOGGER) logger: Logger, settings: PlatformSettings) {
    super(inbox, emailQueue, environment, logger, settings);
  }

  /** Only an admin's answer concerns the customer; status moves and their own replies do not. */
  @OnEvent(SupportEvents.ticketUpdated)
  async ticketUpdated(payload: TicketEvent, { event, manager }: EventContext<TicketEvent>) {
    if (payload.answeredBy !== 'admin') return;
    await this.notify(manager, event, (language) => Notify.ticketAnswered(payload, language));
    await this.email(manager, event, (recipient) => ({
      template: 'ticket-answered',
      to: recipient.email,
      params: { firstName: recipient.firstName, subject: payload.subject, ticketId: payload.ticketId, status: payload.status, supportUrl: this.link('/app/support') },
    }));
  }
}

/** Keeps each user's email address, which other services' events do not carry. */
export async function rememberRecipient(manager: EntityManager, payload: UserRegisteredEvent): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(Recipient)
    .values({ userId: payload.userId, email: payload.email, firstName: payload.firstName.slice(0, 100), userType: payload.userType })
    .orUpdate(['email', 'first_name', 'user_type'], ['user_id'])
    .execute();
}
