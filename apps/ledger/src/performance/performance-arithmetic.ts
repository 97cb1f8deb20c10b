/**
 * The arithmetic of a portfolio's performance (DESIGN.md "Performance"), pure: no database,
 * no clock. Amounts are plain numbers (the ledger's minor units; any unit works, the
 * results are ratios). A period is a run of days; for each day the portfolio's value at
 * its end and the money paid in and taken out that day are known, and the value just
 * before the period (the end of the day before it).
 *
 * When money moves within a day. Money paid in (a payment into an investment) is taken to
 * arrive at the START of its day, money taken out (a payout at maturity, a refund) to leave
 * at the END of its day. Both follow the ledger: a payment starts earning on the day it
 * arrives, and a payout carries the last day's accrual, posted by the same run (so with
 * "everything at the start" the payout day would divide by nothing, and with "everything
 * at the end" a first payment would be a day of infinite growth).
 *
 * Which days count. Only days the portfolio held money: V_start + inflow > 0. Days before
 * the first payment or after everything was paid out say nothing about how money grew;
 * both returns skip them (time-weighted: no sub-period; money-weighted: the IRR's clock
 * does not run), so the two measure the same days and a single payment that grew 10% shows
 * 10% under both, whenever in the period it arrived.
 */

/** One day of the period. */
export interface PerformanceDay {
  /** The portfolio's value at the end of the day. */
  value: number;
  /** Money paid into the portfolio that day (≥ 0). */
  inflow: number;
  /** Money taken out of the portfolio that day (≥ 0). */
  outflow: number;
}

/** A cash flow from the customer's side: negative when paid in (or held at the start), positive when taken out (or held at the end). */
export interface CashFlow {
  /** When, in days of the IRR's clock from the start of the period. */
  at: number;
  amount: number;
}

/** The value a day starts from with that day's payments in: what was at work during the day. */
const baseOf = (startValue: number, day: PerformanceDay) => startValue + day.inflow;

/**
 * Time-weighted return of the period: the product over the days of (1 + r_d), minus 1, with
 * r_d = (V_end + outflow) / (V_start + inflow) − 1 (inflows at the start of the day, outflows
 * at its end). Days with nothing at work (V_start + inflow = 0) are skipped. Null when no
 * day had anything at work: there is nothing to measure.
 */
export function timeWeightedReturn(startValue: number, days: readonly PerformanceDay[]): number | null {
  let growth = 1;
  let measured = false;
  let previous = startValue;
  for (const day of days) {
    const base = baseOf(previous, day);
    if (base > 0) {
      growth *= (day.value + day.outflow) / base;
      measured = true;
    }
    previous = day.value;
  }
  return measured ? growth - 1 : null;
}

/** The days of the period the portfolio held money (see "Which days count"). */
export function activeDays(startValue: number, days: readonly PerformanceDay[]): number {
  let count = 0;
  let previous = startValue;
  for (const day of days) {
    if (baseOf(previous, day) > 0) count += 1;
    previous = day.value;
  }
  return count;
}

/**
 * The customer's cash flows of the period on the IRR's clock, which runs on active days
 * only: the value held at the start as money paid in at 0, each payment in at the start of
 * its day, each payment out at the end of its day, the value held at the end as money taken
 * out at the end of the last active day.
 */
export function periodCashFlows(startValue: number, days: readonly PerformanceDay[]): CashFlow[] {
  const flows: CashFlow[] = [];
  if (startValue > 0) flows.push({ at: 0, amount: -startValue });
  let clock = 0;
  let previous = startValue;
  for (const day of days) {
    if (baseOf(previous, day) > 0) {
      if (day.inflow > 0) flows.push({ at: clock, amount: -day.inflow });
      clock += 1;
      if (day.outflow > 0) flows.push({ at: clock, amount: day.outflow });
    }
    previous = day.value;
  }
  const endValue = days.length > 0 ? days[days.length - 1].value : startValue;
  if (endValue > 0) flows.push({ at: clock, amount: endValue });
  return flows;
}

/** Σ amount · e^(−u·at): the net present value at the continuous rate u = ln(1 + r). */
function presentValue(flows: readonly CashFlow[], u: number): number {
  let total = 0;
  for (const flow of flows) total += flow.amount * Math.exp(-u * flow.at);
  return total;
}

/** How far the search goes: a growth over the whole horizon between e^−30 and e^30, far beyond any real portfolio. */
const SEARCH_LOG_GROWTH = 30;
/** Steps of the search on each side of 0, before bisection narrows the bracket found. */
const SEARCH_STEPS = 120;

/**
 * The internal rate of return per unit of `at`: the r with Σ amount / (1 + r)^at = 0, or null
 * when it is undefined (nothing paid in, nothing measurable in time, or no rate solves it).
 * Solved as u = ln(1 + r) by bisection: NPV(u) is searched outward from u = 0 in steps for a
 * change of sign, and the bracket found is halved until it cannot be narrowed, so when flows
 * in and out alternate and several rates solve it, the one nearest 0% is taken. Money paid
 * in with nothing ever coming back is −100%.
 */
export function internalRateOfReturn(flows: readonly CashFlow[]): number | null {
  const relevant = flows.filter((flow) => flow.amount !== 0 && Number.isFinite(flow.amount) && Number.isFinite(flow.at));
  if (!relevant.some((flow) => flow.amount < 0)) return null;
  if (!relevant.some((flow) => flow.amount > 0)) return -1;
  const horizon = Math.max(...relevant.map((flow) => flow.at)) - Math.min(...relevant.map((flow) => flow.at));
  if (horizon <= 0) return null;
  const u = logRateRoot(relevant, SEARCH_LOG_GROWTH / horizon);
  return u === null ? null : Math.expm1(u);
}

function logRateRoot(flows: readonly CashFlow[], limit: number): number | null {
  const step = limit / SEARCH_STEPS;
  const atZero = presentValue(flows, 0);
  if (atZero === 0) return 0;
  for (let index = 0; index < SEARCH_STEPS; index += 1) {
    for (const direction of [1, -1]) {
      const near = direction * index * step;
      const far = direction * (index + 1) * step;
      const nearValue = index === 0 ? atZero : presentValue(flows, near);
      const farValue = presentValue(flows, far);
      if (farValue === 0) return far;
      if (Math.sign(nearValue) !== Math.sign(farValue)) return bisect(flows, near, nearValue, far);
    }
  }
  return null;
}

function bisect(flows: readonly CashFlow[], a: number, aValue: number, b: number): number {
  let low = a;
  let high = b;
  let lowValue = aValue;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    const value = presentValue(flows, middle);
    if (value === 0) return middle;
    if (Math.sign(value) === Math.sign(lowValue)) {
      low = middle;
      lowValue = value;
    } else high = middle;
  }
  return (low + high) / 2;
}

/**
 * Money-weighted return of the period: the IRR of the period's cash flows (a rate per active
 * day) compounded over the active days, (1 + r)^days − 1, so it reads like the time-weighted
 * return. Null when nothing was at work in the period or no rate solves the flows.
 */
export function moneyWeightedReturn(startValue: number, days: readonly PerformanceDay[]): number | null {
  const active = activeDays(startValue, days);
  if (active === 0) return null;
  const rate = internalRateOfReturn(periodCashFlows(startValue, days));
  if (rate === null) return null;
  if (rate <= -1) return -1;
  return Math.expm1(Math.log1p(rate) * active);
}

/** A return as the wire's decimal fraction with four places ("0.0412" is 4.12%); null stays null. */
export function formatReturn(value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const text = value.toFixed(4);
  return text === '-0.0000' ? '0.0000' : text;
}
