import { ANNUAL_INCOME_STEP, cleanApplicationText, INVESTMENT_STEP, MINIMUM_INVESTMENT } from '@portal/domain-rules';
import type { ApplicationType } from './applications-api';

/*
 * The application rules of spec 01 §5 (libs/domain-rules, enforced by the server) as the
 * forms check them, each problem named by the key of its message.
 */

/** Free text as the server will store it; undefined when nothing is left. */
export function sanitise(text: unknown): string | undefined {
  // A reopened draft leaves null in the fields it never had.
  return cleanApplicationText(text) ?? undefined;
}

/** The key of the message for an annual income the server would refuse, or null (an empty value is the required rule's). */
export function annualIncomeProblem(value: number | null | undefined): 'form.annualIncomeInvalid' | 'form.annualIncomeSteps' | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < 0) return 'form.annualIncomeInvalid';
  if (value % ANNUAL_INCOME_STEP !== 0) return 'form.annualIncomeSteps';
  return null;
}

/** The largest amount the gateway takes: 13 whole digits and cents. */
export const MAXIMUM_INVESTMENT = 9_999_999_999_999.99;

export type InvestmentAmountProblem = 'form.minimumAmount' | 'form.amountSteps' | 'form.maximumAmount' | 'form.invalidAmount';

/**
 * The key of the message for an amount the server would refuse, or null (an empty value is
 * the required rule's). The field keeps what was typed: InputNumber's min and max would
 * silently replace it on leaving the field (issue 30), so the range is told, not imposed.
 */
export function investmentAmountProblem(value: number | null | undefined, type: ApplicationType): InvestmentAmountProblem | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value)) return 'form.invalidAmount';
  const cents = Math.round(value * 100);
  if (type === 'gipp') {
    if (value <= 0 || Math.abs(cents - value * 100) > 1e-6) return 'form.invalidAmount';
  } else {
    if (value < MINIMUM_INVESTMENT) return 'form.minimumAmount';
    if (cents % (INVESTMENT_STEP * 100) !== 0 || Math.abs(cents - value * 100) > 1e-6) return 'form.amountSteps';
  }
  if (value > MAXIMUM_INVESTMENT) return 'form.maximumAmount';
  return null;
}
