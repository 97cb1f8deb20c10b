import { ApplicationView, Currency, InvestmentTerms, UserSummary } from '@portal/contracts';
import { Investment } from '../investments/investment.entity';
import { fromMinor } from './application-rules';
import { InvestmentApplication } from './application.entity';

/** An application as the commands answer it, with the investment its approval opened, if any. */
export function applicationView(row: InvestmentApplication, investmentId: string | null | undefined = null): ApplicationView {
  return {
    id: row.id,
    userId: row.userId,
    applicationType: row.applicationType,
    status: row.status,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    investmentAmount: row.investmentAmountMinor === null ? null : fromMinor(row.investmentAmountMinor),
    currency: row.currency,
    investmentDuration: row.investmentDuration,
    investmentCategory: row.investmentCategory,
    companyName: row.companyName,
    companyRegistration: row.companyRegistration,
    applicationData: row.applicationData,
    documents: row.documents,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    investmentId: investmentId ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The terms an investment was opened with, as the reviewed event carries them to the ledger. */
export function investmentTerms(investment: Investment): InvestmentTerms {
  return {
    amount: fromMinor(investment.amountMinor),
    currency: investment.currency as Currency,
    durationMonths: investment.durationMonths,
    expectedReturnRate: Number(investment.expectedReturnRate).toFixed(2),
    expectedReturnAmount: fromMinor(investment.expectedReturnMinor),
    feeRate: Number(investment.feeRate).toFixed(2),
    feeAmount: fromMinor(investment.feeMinor),
  };
}

/** An account's name as identity holds it, or null when identity did not answer for it. */
export function personName(person: UserSummary | undefined): string | null {
  return person ? `${person.firstName} ${person.lastName}`.trim() : null;
}
