import { AdminReportView, auditActionLabel, AuditLogEntry, AuditLogPage, IdentityCommands, ListAuditLogsPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { Cell } from '../exports/table-export';
import { ReportTab } from './back-office.dto';

/** The figure tabs' exports share one layout, so each file reads the same way. */
export const FIGURE_COLUMNS = ['Section', 'Item', 'Currency', 'Count', 'Amount'];
/**
 * The audit-log exports: Action is the label the Audit Logs screen shows in English (the
 * product's base language, as every export's headings are), Action Code the raw name the
 * services record, to filter on; an action with no label yet is exported by its raw name.
 */
export const AUDIT_COLUMNS = ['Date', 'Time', 'Category', 'Action', 'Action Code', 'Actor', 'Actor ID', 'Target Type', 'Target ID', 'Description', 'Client IP', 'Metadata'];

const counted = (section: string, item: string, count: number): Cell[] => [section, item, '', count, ''];
const money = (section: string, item: string, currency: string, amount: string, count: number | '' = ''): Cell[] => [section, item, currency, count, { money: amount }];
const unavailable = (section: string, part: { available: boolean; message: string | null }): Cell[][] => (part.available ? [] : [[section, 'Unavailable', '', '', part.message ?? '']]);

/** The rows of one figure tab of a report, from the same answer the screen shows. */
export function figureRows(report: AdminReportView, tab: Exclude<ReportTab, 'audit'>): Cell[][] {
  const { users, kyc, applications, money: ledger } = report;
  const rows: Cell[][] = [];
  if (tab === 'overview') {
    rows.push(...unavailable('Users', users), ...unavailable('Applications', applications), ...unavailable('Transactions', ledger), ...unavailable('KYC', kyc));
    if (users.data) rows.push(counted('Users', 'New users', users.data.newUsers));
    if (applications.data) {
      rows.push(counted('Applications', 'Submitted', applications.data.submitted));
      for (const entry of applications.data.byStatus) rows.push(counted('Applications by status', entry.label, entry.count));
      for (const entry of applications.data.byType) rows.push(counted('Applications by type', entry.label, entry.count));
    }
    if (ledger.data) {
      rows.push(counted('Transactions', 'Transactions', ledger.data.transactions));
      for (const entry of ledger.data.totalVolume) rows.push(money('Transactions', 'Total volume', entry.currency, entry.amount));
      for (const entry of ledger.data.fees) rows.push(money('Transactions', 'Fees posted', entry.currency, entry.amount));
    }
    if (kyc.data) for (const entry of kyc.data.outcomes) rows.push(counted('KYC outcomes', entry.label, entry.count));
  }
  if (tab === 'financial') {
    rows.push(...unavailable('Transactions', ledger), ...unavailable('Applications', applications));
    if (ledger.data) {
      for (const entry of ledger.data.volumes) rows.push(money('Transaction volume', `${entry.type} ${entry.status}`, entry.currency, entry.amount, entry.count));
      for (const entry of ledger.data.totalVolume) rows.push(money('Total volume', 'All transactions', entry.currency, entry.amount));
      for (const entry of ledger.data.fees) rows.push(money('Fees posted', 'Platform fees', entry.currency, entry.amount));
      for (const day of ledger.data.perDay) {
        rows.push(money('Daily deposits', day.date, day.currency, day.deposits));
        rows.push(money('Daily withdrawals', day.date, day.currency, day.withdrawals));
        rows.push(money('Daily investments', day.date, day.currency, day.investments));
      }
    }
    if (applications.data) for (const entry of applications.data.requested) rows.push(money('Applications', 'Amount applied for', entry.currency, entry.amount, applications.data.submitted));
  }
  if (tab === 'users') {
    rows.push(...unavailable('Users', users), ...unavailable('KYC', kyc));
    if (users.data) {
      rows.push(counted('New users', 'All', users.data.newUsers));
      for (const entry of users.data.byType) rows.push(counted('New users by type', entry.label, entry.count));
      for (const entry of users.data.byStatus) rows.push(counted('New users by status', entry.label, entry.count));
      for (const entry of users.data.perDay) rows.push(counted('New users per day', entry.date, entry.count));
    }
    if (kyc.data) {
      for (const entry of kyc.data.outcomes) rows.push(counted('KYC outcomes', entry.label, entry.count));
      rows.push(counted('KYC documents', 'Submitted', kyc.data.documentsSubmitted));
      for (const entry of kyc.data.documentReviews) rows.push(counted('KYC document reviews', entry.label, entry.count));
    }
  }
  return rows;
}

export function auditRow(entry: AuditLogEntry): Cell[] {
  const at = new Date(entry.createdAt).toISOString();
  return [
    at.slice(0, 10),
    at.slice(11, 19),
    entry.category,
    auditActionLabel(entry.actionType),
    entry.actionType,
    entry.actorEmail ?? '',
    entry.actorUserId ?? '',
    entry.targetType ?? '',
    entry.targetId ?? '',
    entry.description,
    entry.clientIp ?? '',
    JSON.stringify(entry.metadata ?? {}),
  ];
}

/** Every audit record matching the filter, a page at a time from identity (the first page already read). */
export async function* auditBatches(services: ServiceClient, filter: ListAuditLogsPayload, first: AuditLogPage, meta: RequestMeta): AsyncIterable<Cell[][]> {
  let page = first;
  for (;;) {
    yield page.items.map(auditRow);
    if (!page.nextCursor) return;
    page = await services.send(IdentityCommands.listAuditLogs, { ...filter, cursor: page.nextCursor, limit: 100, skipTotal: true }, meta);
  }
}
