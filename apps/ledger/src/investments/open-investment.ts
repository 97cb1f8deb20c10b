import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApplicationReviewedEvent, DEFAULT_INVESTMENT_FUNDING_DAYS } from '@portal/contracts';
import { Clock } from '@portal/config';
import { PlatformSettings } from '@portal/messaging';
import { toMinor } from '../book/money';
import { addDays } from './investment-dates';

/**
 * Opens the investment an approval made, awaiting funding, with the terms fixed at approval
 * (applications' reviewed event). A redelivered event opens nothing twice. The customer has
 * financial_limits.investmentFundingDays (30 by default) to pay for it.
 */
@Injectable()
export class OpenInvestment {
  constructor(
    private readonly clock: Clock,
    private readonly settings: PlatformSettings,
  ) {}

  fundingDays(): number {
    const days = this.settings.get<{ investmentFundingDays?: unknown }>('financial_limits')?.investmentFundingDays;
    return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_INVESTMENT_FUNDING_DAYS;
  }

  async fromApproval(manager: EntityManager, event: ApplicationReviewedEvent): Promise<void> {
    const terms = event.terms;
    if (event.status !== 'approved' || !event.investmentId || !terms) return;
    const today = this.clock.today();
    await manager.query(
      `INSERT INTO ledger.investments (id, application_id, user_id, investment_type, currency, amount, duration_months, return_rate, expected_return, fee_rate, fee, opened_on, funding_deadline)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING`,
      [
        event.investmentId,
        event.applicationId,
        event.userId,
        event.applicationType,
        terms.currency,
        toMinor(terms.amount).toString(),
        terms.durationMonths,
        terms.expectedReturnRate,
        toMinor(terms.expectedReturnAmount).toString(),
        terms.feeRate,
        toMinor(terms.feeAmount).toString(),
        today,
        addDays(today, this.fundingDays()),
      ],
    );
  }
}
