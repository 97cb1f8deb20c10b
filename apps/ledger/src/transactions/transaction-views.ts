import { ClientSummary, Currency, PaymentMethod, TransactionEvent, TransactionStatus, TransactionType, TransactionView } from '@portal/contracts';
import { cursorTimestampSql, decodeKeysetCursor, encodeKeysetCursor, InvalidCursorError } from '@portal/database';
import { formatMinor } from '../book/money';

export interface TransactionRow {
  id: string;
  user_id: string;
  type: TransactionType;
  status: TransactionStatus;
  amount: string;
  currency: Currency;
  method: PaymentMethod;
  reference: string;
  description: string;
  details: Record<string, string>;
  reason: string | null;
  /** The investment a payment, return or fee belongs to (payments made before investments were funded one by one have none). */
  investment_id?: string | null;
  created_at: Date;
  updated_at: Date;
  /** created_at with its microseconds, for the keyset cursor. */
  cursor_at?: string;
}

export const TRANSACTION_COLUMNS = `id, user_id, type, status, amount, currency, method, reference, description, details, reason, investment_id, created_at, updated_at,
  ${cursorTimestampSql('created_at')} AS cursor_at`;

/** Money leaving the customer's available balance is shown negative. */
const OUTFLOWS: TransactionType[] = ['withdrawal', 'investment', 'fee'];

export function methodLabel(type: TransactionType, method: PaymentMethod): string {
  if (type === 'withdrawal') return 'Wire Transfer';
  if (type === 'return') return 'Direct Credit';
  if (type === 'fee' || method === 'balance') return 'Account Deduction';
  return method === 'crypto' ? 'Crypto Transfer' : 'Bank Transfer';
}

export function transactionView(row: TransactionRow, client?: ClientSummary | null): TransactionView {
  const magnitude = BigInt(row.amount);
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    status: row.status,
    amount: formatMinor(OUTFLOWS.includes(row.type) ? -magnitude : magnitude),
    currency: row.currency.trim() as Currency,
    method: row.method,
    methodLabel: methodLabel(row.type, row.method),
    reference: row.reference,
    description: row.description,
    details: row.details ?? {},
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    ...(client === undefined ? {} : { client }),
  };
}

export function transactionEvent(row: TransactionRow): TransactionEvent {
  return {
    transactionId: row.id,
    userId: row.user_id,
    type: row.type,
    status: row.status,
    reference: row.reference,
    amount: formatMinor(row.amount),
    currency: row.currency.trim() as Currency,
    reason: row.reason,
    occurredAt: new Date(row.updated_at).toISOString(),
  };
}

/** The position after a row, and the list's total counted on its first page (so later pages never count again). */
export interface Cursor {
  at: string;
  id: string;
  total: number;
  capped: boolean;
}

export function encodeCursor(row: TransactionRow, total: number, capped: boolean): string {
  // A page's rows are read with TRANSACTION_COLUMNS, cursor_at among them.
  return encodeKeysetCursor({ at: row.cursor_at as string, id: row.id }, [total, capped ? 1 : 0]);
}

/** A row's position as encodeCursor writes it (its created_at to the microsecond and its id), with the total. */
export function decodeCursor(cursor: string): Cursor {
  const { at, id, carried } = decodeKeysetCursor(cursor, 2);
  if (carried[1] > 1) throw new InvalidCursorError();
  return { at, id, total: carried[0], capped: carried[1] === 1 };
}

/** References of spec 02 §7 (DEP-, WTH-, INV-BANK-, INV-CRYPTO-), with a random tail so two in one millisecond differ. */
export function newReference(prefix: string): string {
  const tail = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return `${prefix}-${Date.now()}-${tail}`;
}
