import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventEnvelope, InvestmentLifecycleEvent, LedgerEvents, SecurityDepositEvent, TransactionEvent } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { EventContext, LOGGER, OnEvent, PlatformSettings, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import type { InvestmentEmailParams } from '../email/templates';
import type { RejectedTransactionKind } from '../email/templates/transaction.templates';
import { Inbox } from '../inbox/inbox';
import { Recipient } from '../inbox/recipient.entity';
import { NotificationEnvironment } from '../notification-environment';
import { DomainEventIntake } from './domain-event-intake';
import { LedgerNotifications as Notify } from './notifications/ledger-notifications';

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
