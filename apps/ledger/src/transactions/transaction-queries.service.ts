import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  AdminTransactionsPagePayload,
  AmountByCurrency,
  ClientSummary,
  Currency,
  CURRENCIES,
  IdentityCommands,
  OwnTransactionsQuery,
  RequestMeta,
  TransactionPage,
  TransactionStats,
} from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { fieldRefusal, LOGGER, PlatformSettings, ServiceClient, ServiceError } from '@portal/messaging';
import { requireMoneyAdmin } from '../book/access';
import { formatMinor } from '../book/money';
import { isRealTimestamp } from '../book/timestamps';
import { withApprovals } from './four-eyes';
import { decodeCursor, encodeCursor, TRANSACTION_COLUMNS, TransactionRow, transactionView } from './transaction-views';

/** Totals of a text, date or method search are counted up to this many, on the first page only. */
const COUNT_CAP = 1_000;

/** Whether the kept counters answer the total (no filter beyond type and status). */
function countedByStats(query: AdminTransactionsPagePayload & { userIds?: string[] }): boolean {
  return !query.q && !query.from && !query.to && !query.method && !query.userIds;
}

const DATE_REFUSALS = { from: 'from_date_invalid', to: 'to_date_invalid' } as const;

/**
 * The date filters name real days and times (the contract checks only their ISO shape:
 * 2024-02-30 has it, and PostgreSQL refuses it with an error). Refused before anything is read.
 */
function requireRealDates(query: Pick<AdminTransactionsPagePayload, 'from' | 'to'>): void {
  const refused = (['from', 'to'] as const).filter((field) => query[field] && !isRealTimestamp(query[field]));
  // The first problem's code stands for the refusal, as for the contract's own validation.
  if (refused.length) throw ServiceError.of(400, DATE_REFUSALS[refused[0]], { details: refused.map((field) => fieldRefusal(field, DATE_REFUSALS[field])) });
}

function amounts(rows: { currency: string; amount: string }[]): AmountByCurrency[] {
  return CURRENCIES.map((currency) => ({ currency, amount: formatMinor(rows.find((row) => row.currency.trim() === currency)?.amount ?? 0) })).filter(
    (entry, index) => index === 0 || entry.amount !== '0.00',
  );
}

/** Lists and tiles of transactions; client names come from identity, never from its schema. */
@Injectable()
export class TransactionQueries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async listOwn(actor: Actor, query: OwnTransactionsQuery): Promise<TransactionPage> {
    return this.page({ ...query, userIds: [actor.userId] });
  }

  async listForAdmin(actor: Actor, meta: RequestMeta, query: AdminTransactionsPagePayload): Promise<TransactionPage> {
    requireMoneyAdmin(actor, this.settings);
    requireRealDates(query);
    const page = query.q ? await this.searchPage(meta, { ...query, q: query.q }) : await this.page(query);
    const [clients, items] = await Promise.all([
      this.clients(meta, [...new Set(page.items.map((item) => item.userId))]),
      withApprovals(this.dataSource.manager, this.settings, page.items),
    ]);
    return { ...page, items: items.map((item) => ({ ...item, client: clients.get(item.userId) ?? null })) };
  }

  /**
   * A text search covers references and descriptions here and clients' names and emails at
   * identity. Both are asked at once: when no client matches (a reference, a bank name) the
   * page read beside identity's answer is the page, one round trip sooner; when clients
   * match, the page is read again with them.
   */
  private async searchPage(meta: RequestMeta, query: AdminTransactionsPagePayload & { q: string }): Promise<TransactionPage> {
    const owners = this.findUserIds(meta, query.q).then(
      ({ userIds }) => userIds,
      (error: unknown) => {
        // Without identity the search still covers references and descriptions.
        this.logger.warn({ err: String(error) }, 'client search by name or email unavailable');
        return [] as string[];
      },
    );
    const withoutOwners = this.page({ ...query, matchingOwners: [] });
    // Handled at once: it may fail (a malformed cursor) while identity is still answering, and
    // a rejection nobody handles by then ends the process. Its failure still reaches the caller
    // below when it is the answer.
    withoutOwners.catch(() => undefined);
    const matchingOwners = await owners;
    if (matchingOwners.length === 0) return withoutOwners;
    return this.page({ ...query, matchingOwners });
  }

  /** Identity's summaries of these people (admin callers only). */
  lookupUsers(meta: RequestMeta, userIds: string[]) {
    return this.services.send(IdentityCommands.lookupUsers, { userIds }, meta);
  }

  /** Customers whose name or email contains the text (admin callers only). */
  findUserIds(meta: RequestMeta, q: string) {
    return this.services.send(IdentityCommands.findUserIds, { q, userType: 'customer' }, meta);
  }

  /** Names and emails for a page of records, by one request to identity (at most 500 ids). */
  async clients(meta: RequestMeta, userIds: string[]): Promise<Map<string, ClientSummary>> {
    const found = new Map<string, ClientSummary>();
    for (let start = 0; start < userIds.length; start += 500) {
      try {
        const { users } = await this.services.send(IdentityCommands.lookupUsers, { userIds: userIds.slice(start, start + 500) }, meta);
        for (const user of users) found.set(user.id, { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email });
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'client names unavailable');
      }
    }
    return found;
  }

  private async page(
    query: AdminTransactionsPagePayload & { userIds?: string[]; matchingOwners?: string[] },
  ): Promise<TransactionPage> {
    const limit = query.pageSize ?? query.limit ?? 20;
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => {
      conditions.push(sql.replace(/\$(\d+)/g, (_, n: string) => `$${parameters.length + Number(n)}`));
      parameters.push(...values);
    };
    if (query.userIds) add('user_id = ANY($1::uuid[])', query.userIds);
    if (query.type) add('type = $1', query.type);
    if (query.status) add('status = $1', query.status);
    if (query.method) add('method = $1', query.method);
    if (query.from) add('created_at >= $1::timestamptz', query.from);
    if (query.to) add('created_at < $1::timestamptz', query.to);
    if (query.q) {
      // Whole words of reference and description, a reference by its start, or the clients identity matched by name or email.
      const prefix = `${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const words = `search_words @@ plainto_tsquery('simple', $1)`;
      if (query.matchingOwners?.length) add(`(${words} OR lower(reference) LIKE $2 OR user_id = ANY($3::uuid[]))`, query.q, prefix, query.matchingOwners);
      else add(`(${words} OR lower(reference) LIKE $2)`, query.q, prefix);
    }
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    if (cursor) add('(created_at, id) < ($1::timestamptz, $2::uuid)', cursor.at, cursor.id);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const order = 'ORDER BY created_at DESC, id DESC';
    let rows: (TransactionRow & { matching?: string })[];
    let total = cursor?.total ?? 0;
    let totalCapped = cursor?.capped ?? false;
    if (!cursor && !query.skipTotal && !countedByStats(query)) {
      // A search's first page and its total come from one scan of what matches (up to the
      // cap, in page order): a text search read twice cost a page as much again.
      rows = await this.dataSource.query(
        `WITH matching AS MATERIALIZED (SELECT id, created_at FROM ledger.transactions ${where} ${order} LIMIT ${COUNT_CAP + 1}),
              shown AS (SELECT id FROM matching ${order} LIMIT ${limit + 1})
         SELECT ${TRANSACTION_COLUMNS}, (SELECT count(*) FROM matching) AS matching
         FROM ledger.transactions WHERE id IN (SELECT id FROM shown) ${order}`,
        parameters,
      );
      const matching = Number(rows[0]?.matching ?? 0);
      ({ total, totalCapped } = matching > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: matching, totalCapped: false });
    } else {
      // The page and the kept counters' total are independent: read at once.
      const [pageRows, counted] = await Promise.all([
        this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions ${where} ${order} LIMIT ${limit + 1}`, parameters),
        !cursor && !query.skipTotal ? this.totalFromStats(query) : null,
      ]);
      rows = pageRows;
      if (counted) ({ total, totalCapped } = counted);
    }
    const more = rows.length > limit;
    const items = rows.slice(0, limit);
    return { items: items.map((row) => transactionView(row)), nextCursor: more ? encodeCursor(items[items.length - 1], total, totalCapped) : null, total, totalCapped };
  }

  /** Type and status totals come from the counters kept with every posting. */
  private async totalFromStats(query: AdminTransactionsPagePayload): Promise<{ total: number; totalCapped: boolean }> {
    const conditions: string[] = [];
    const values: unknown[] = [];
    if (query.type) conditions.push(`type = $${values.push(query.type)}`);
    if (query.status) conditions.push(`status = $${values.push(query.status)}`);
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(count), 0) AS total FROM ledger.transaction_stats ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
      values,
    );
    return { total: Number(row.total), totalCapped: false };
  }

  async stats(actor: Actor): Promise<TransactionStats> {
    requireMoneyAdmin(actor, this.settings);
    const rows: { type: string; status: string; currency: Currency; count: string; amount: string }[] = await this.dataSource.query(
      `SELECT type, status, currency, sum(count) AS count, sum(amount) AS amount FROM ledger.transaction_stats GROUP BY type, status, currency`,
    );
    const [locked] = await Promise.all([
      this.dataSource.query(`SELECT currency, sum(amount) AS amount FROM ledger.security_deposits WHERE status = 'locked' GROUP BY currency`),
    ]);
    const count = (filter: (row: (typeof rows)[number]) => boolean) => rows.filter(filter).reduce((total, row) => total + Number(row.count), 0);
    const sumBy = (filter: (row: (typeof rows)[number]) => boolean) => {
      const byCurrency = new Map<string, bigint>();
      for (const row of rows.filter(filter)) byCurrency.set(row.currency.trim(), (byCurrency.get(row.currency.trim()) ?? 0n) + BigInt(row.amount));
      return amounts([...byCurrency].map(([currency, amount]) => ({ currency, amount: amount.toString() })));
    };
    const isPending = (status: string) => status === 'pending' || status === 'processing';
    return {
      totalTransactions: count(() => true),
      totalVolume: sumBy(() => true),
      completed: count((row) => row.status === 'completed'),
      pending: count((row) => isPending(row.status)),
      totalDeposits: sumBy((row) => row.type === 'deposit'),
      totalWithdrawals: sumBy((row) => row.type === 'withdrawal'),
      depositCount: count((row) => row.type === 'deposit'),
      depositsCompleted: count((row) => row.type === 'deposit' && row.status === 'completed'),
      depositsPending: count((row) => row.type === 'deposit' && isPending(row.status)),
      securityDeposits: amounts(locked),
    };
  }
}
