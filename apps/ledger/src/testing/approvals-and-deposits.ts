import { randomUUID } from 'node:crypto';
import { Actor, APPLICATIONS_EVENTS_STREAM, ApplicationsEvents, ApplicationType, Currency, InvestmentTerms, LedgerCommands } from '@portal/contracts';
import { eventEnvelope, EventPublisher, TestServiceClient } from '@portal/testing';

/** What applications says when it approves an application: who, by whom, when and on which terms. */
export interface Approval {
  userId: string;
  reviewedBy: string;
  submittedAt: string;
  terms: InvestmentTerms;
  applicationType?: ApplicationType;
}

/**
 * Applications approved an application: publishes its event and waits until the ledger has
 * opened the investment from the terms (awaiting funding). The event, for a test that
 * delivers it again.
 */
export async function publishApproval(publisher: EventPublisher, approval: Approval): Promise<{ investmentId: string; event: ReturnType<typeof approvalEvent> }> {
  const investmentId = randomUUID();
  const event = approvalEvent(investmentId, approval);
  await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, event));
  return { investmentId, event };
}

function approvalEvent(investmentId: string, { userId, reviewedBy, submittedAt, terms, applicationType = 'personal' }: Approval) {
  return eventEnvelope(ApplicationsEvents.reviewed, {
    applicationId: randomUUID(),
    userId,
    applicationType,
    status: 'approved',
    note: null,
    reviewedBy,
    submittedAt,
    version: 2,
    investmentId,
    terms,
  });
}

/** A bank deposit the customer asks for and `approver` approves, so that it is on their balance; its transaction's id. */
export async function approvedDeposit(client: TestServiceClient, customer: Actor, approver: Actor, amount: string, currency?: Currency): Promise<string> {
  const deposit = await client.as(customer).send(LedgerCommands.requestDeposit, { method: 'bank', amount, currency, accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
  await client.as(approver).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' });
  return deposit.id;
}
