/**
 * The smallest withdrawal a customer may request, in account currency units: spec 02 §5's
 * $100 until System Settings' financial_limits.minimumWithdrawal sets another. The ledger
 * refuses below it; the withdrawal form says so before sending.
 */
export const DEFAULT_MINIMUM_WITHDRAWAL = 100;

/** The minimum financial_limits sets (a positive number), or the default. */
export function resolveMinimumWithdrawal(financialLimits: unknown): number {
  const configured = Number((financialLimits as { minimumWithdrawal?: unknown } | null | undefined)?.minimumWithdrawal);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MINIMUM_WITHDRAWAL;
}
