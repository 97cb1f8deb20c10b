import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '@portal/config';
import {
  Actor,
  CardRequestEvent,
  CardRequestEvents,
  CardRequestHistoryEntry,
  CardRequestPage,
  CardRequestsQuery,
  CardRequestStatus,
  CardRequestView,
  CardType,
  CreateCardRequestPayload,
  DecideCardRequestPayload,
  EventDefinition,
  PHYSICAL_DELIVERY_ESTIMATE_DAYS,
  RequestMeta,
} from '@portal/contracts';
import { cursorTimestampSql, decodeKeysetCursor, encodeKeysetCursor } from '@portal/database';
import { addToOutbox, PlatformSettings, ServiceError } from '@portal/messaging';
import { recordAdminAction, requireCustomer, requireMoneyAdmin, sanitise } from '../book/access';
import { updated } from '../book/book';
import { once } from '../book/idempotency';
import { TransactionQueries } from '../transactions/transaction-queries.service';

interface CardRequestRow {
  id: string;
  user_id: string;
  card_type: CardType;
  status: CardRequestStatus;
  card_name: string;
  reason: string;
  delivery_address: string | null;
  estimated_delivery: Date | null;
  tracking_number: string | null;
  rejection_reason: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
}

interface HistoryRow {
  card_request_id: string;
  status: CardRequestStatus;
  note: string | null;
  at: Date;
}

const COLUMNS = `id, user_id, card_type, status, card_name, reason, delivery_address, estimated_delivery, tracking_number, rejection_reason, created_at, updated_at,
  ${cursorTimestampSql('created_at')} AS cursor_at`;

function encodeCursor(row: CardRequestRow, total: number): string {
  return encodeKeysetCursor({ at: row.cursor_at, id: row.id }, [total]);
}

function decodeCursor(cursor: string): { at: string; id: string; total: number } {
  const { at, id, carried } = decodeKeysetCursor(cursor, 1);
  return { at, id, total: carried[0] };
}

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

function view(row: CardRequestRow, history: HistoryRow[]): CardRequestView {
  return {
    id: row.id,
    userId: row.user_id,
    cardType: row.card_type,
    status: row.status,
    cardName: row.card_name,
    reason: row.reason,
    deliveryAddress: row.delivery_address,
    estimatedDelivery: iso(row.estimated_delivery),
    trackingNumber: row.tracking_number,
    rejectionReason: row.rejection_reason,
    requestDate: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    history: history.map((entry): CardRequestHistoryEntry => ({ status: entry.status, at: new Date(entry.at).toISOString(), note: entry.note })),
  };
}

function event(row: CardRequestRow): CardRequestEvent {
  return {
    cardRequestId: row.id,
    userId: row.user_id,
    cardType: row.card_type,
    status: row.status,
    cardName: row.card_name,
    rejectionReason: row.rejection_reason,
    trackingNumber: row.tracking_number,
    occurredAt: new Date(row.updated_at).toISOString(),
  };
}

const EVENT_OF: Record<CardRequestStatus, EventDefinition<CardRequestEvent>> = {
  pending: CardRequestEvents.cardRequested,
  approved: CardRequestEvents.cardApproved,
  rejected: CardRequestEvents.cardRejected,
  delivered: CardRequestEvents.cardDelivered,
  cancelled: CardRequestEvents.cardCancelled,
};

/**
 * Investment card requests (spec 02 §2). A customer with available money orders a card;
 * an admin with the `transactions` permission approves it, rejects it with a reason, or
 * marks an approved physical card delivered with its tracking number; the customer may
 * cancel while it is pending. Every status is kept in the history and announced through
 * the outbox, so the customer is notified once per change. Its dates (the request, the
 * estimated delivery, every status change) are the ledger's clock, as its money rows are:
 * a stack moved by CLOCK_OFFSET_DAYS shows a card ordered on the same day as a deposit.
 */
@Injectable()
export class CardRequests {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly queries: TransactionQueries,
    private readonly clock: Clock,
  ) {}

  async create(actor: Actor, payload: CreateCardRequestPayload): Promise<CardRequestView> {
    requireCustomer(actor);
    const cardName = sanitise(payload.cardName);
    const reason = sanitise(payload.reason);
    const deliveryAddress = payload.cardType === 'physical' ? sanitise(payload.deliveryAddress) : null;
    if (!cardName || !reason) throw ServiceError.of(400, 'required_fields_missing');
    if (payload.cardType === 'physical' && !deliveryAddress) throw ServiceError.of(400, 'delivery_address_required');
    return this.dataSource.transaction(async (manager) =>
      once(manager, actor.userId, payload.idempotencyKey, 'card_request', payload, async () => {
        // Spec 02 §5: a card needs money in the account (any currency's available balance above 0).
        const [credit] = await manager.query(`SELECT 1 FROM ledger.accounts WHERE user_id = $1 AND kind = 'available' AND balance > 0 LIMIT 1`, [actor.userId]);
        if (!credit) throw ServiceError.of(409, 'no_credit');
        // A virtual card has no delivery: make_interval of NULL days leaves estimated_delivery NULL.
        const [row]: CardRequestRow[] = await manager.query(
          `INSERT INTO ledger.card_requests (id, user_id, card_type, status, card_name, reason, delivery_address, estimated_delivery, created_at, updated_at)
           VALUES ($1, $2, $3, 'pending', $4, $5, $6, $8::timestamptz + make_interval(days => $7::int), $8::timestamptz, $8::timestamptz)
           RETURNING ${COLUMNS}`,
          [randomUUID(), actor.userId, payload.cardType, cardName, reason, deliveryAddress, payload.cardType === 'physical' ? PHYSICAL_DELIVERY_ESTIMATE_DAYS : null, this.clock.now()],
        );
        await this.recordStatus(manager, row, null, actor.userId);
        return view(row, await this.history(manager, [row.id]).then((map) => map.get(row.id) ?? []));
      }),
    );
  }

  listOwn(actor: Actor, query: CardRequestsQuery): Promise<CardRequestPage> {
    return this.page(this.dataSource.manager, query, actor.userId);
  }

  async listAll(actor: Actor, meta: RequestMeta, query: CardRequestsQuery): Promise<CardRequestPage> {
    requireMoneyAdmin(actor, this.settings);
    const page = await this.page(this.dataSource.manager, query, null);
    const clients = await this.queries.clients(meta, [...new Set(page.items.map((item) => item.userId))]);
    return { ...page, items: page.items.map((item) => ({ ...item, client: clients.get(item.userId) ?? null })) };
  }

  /** The customer withdraws their own pending request; another customer's does not exist for them. */
  async cancel(actor: Actor, id: string): Promise<CardRequestView> {
    requireCustomer(actor);
    return this.dataSource.transaction(async (manager) => {
      const [current]: CardRequestRow[] = await manager.query(`SELECT ${COLUMNS} FROM ledger.card_requests WHERE id = $1 FOR UPDATE`, [id]);
      if (!current || current.user_id !== actor.userId) throw ServiceError.of(404, 'card_request_not_found');
      if (current.status !== 'pending') throw ServiceError.of(409, 'not_pending', { params: { status: current.status } });
      const [row] = await updated<CardRequestRow>(manager, `UPDATE ledger.card_requests SET status = 'cancelled', updated_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, this.clock.now()]);
      await this.recordStatus(manager, row, null, actor.userId);
      return view(row, (await this.history(manager, [id])).get(id) ?? []);
    });
  }

  async decide(actor: Actor, meta: RequestMeta, payload: DecideCardRequestPayload): Promise<CardRequestView> {
    requireMoneyAdmin(actor, this.settings);
    const reason = sanitise(payload.reason);
    const trackingNumber = sanitise(payload.trackingNumber);
    if (payload.decision === 'rejected' && !reason) throw ServiceError.of(400, 'rejection_reason_required');
    if (payload.decision === 'delivered' && !trackingNumber) throw ServiceError.of(400, 'tracking_number_required');
    return this.dataSource.transaction(async (manager) => {
      const [current]: CardRequestRow[] = await manager.query(`SELECT ${COLUMNS} FROM ledger.card_requests WHERE id = $1 FOR UPDATE`, [payload.id]);
      if (!current) throw ServiceError.of(404, 'card_request_not_found');
      const from = current.status;
      if (payload.decision === 'delivered') {
        if (current.card_type !== 'physical') throw ServiceError.of(409, 'not_deliverable');
        if (from !== 'approved') throw ServiceError.of(409, 'card_delivery_not_approved', { params: { status: from } });
      } else if (from !== 'pending') {
        throw ServiceError.of(409, 'card_decision_not_pending', { params: { decision: payload.decision, status: from } });
      }
      const [row] = await updated<CardRequestRow>(
        manager,
        `UPDATE ledger.card_requests
           SET status = $2, rejection_reason = coalesce($3, rejection_reason), tracking_number = coalesce($4, tracking_number), decided_by = $5, updated_at = $6
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [current.id, payload.decision, payload.decision === 'rejected' ? reason : null, payload.decision === 'delivered' ? trackingNumber : null, actor.userId, this.clock.now()],
      );
      const note = payload.decision === 'rejected' ? reason : payload.decision === 'delivered' ? trackingNumber : null;
      await this.recordStatus(manager, row, note, actor.userId);
      const verb = { approved: 'Approved', rejected: 'Rejected', delivered: 'Marked delivered' }[payload.decision];
      await recordAdminAction(manager, meta, {
        actionType: `card_request_${payload.decision}`,
        targetType: 'card_request',
        targetId: row.id,
        description: `${verb} the ${row.card_type} card request "${row.card_name}"`,
        metadata: {
          userId: row.user_id,
          cardType: row.card_type,
          from,
          to: row.status,
          ...(payload.decision === 'rejected' ? { reason } : {}),
          ...(payload.decision === 'delivered' ? { trackingNumber } : {}),
        },
      });
      return view(row, (await this.history(manager, [row.id])).get(row.id) ?? []);
    });
  }

  /** Everything the customer asked for, for their data export (newest first, with each timeline). */
  async exportOwn(manager: EntityManager, userId: string): Promise<CardRequestView[]> {
    const rows: CardRequestRow[] = await manager.query(`SELECT ${COLUMNS} FROM ledger.card_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
    const history = await this.history(manager, rows.map((row) => row.id));
    return rows.map((row) => view(row, history.get(row.id) ?? []));
  }

  /** The new status joins the timeline (at the row's updated_at, the clock's time of the change) and is announced to the customer, in the change's transaction. */
  private async recordStatus(manager: EntityManager, row: CardRequestRow, note: string | null, actorId: string): Promise<void> {
    await manager.query(`INSERT INTO ledger.card_request_history (card_request_id, status, note, actor_id, at) VALUES ($1, $2, $3, $4, $5)`, [row.id, row.status, note, actorId, row.updated_at]);
    await addToOutbox(manager, EVENT_OF[row.status], event(row));
  }

  private async history(manager: EntityManager, ids: string[]): Promise<Map<string, HistoryRow[]>> {
    const result = new Map<string, HistoryRow[]>();
    if (ids.length === 0) return result;
    const rows: HistoryRow[] = await manager.query(
      `SELECT card_request_id, status, note, at FROM ledger.card_request_history WHERE card_request_id = ANY($1::uuid[]) ORDER BY id`,
      [ids],
    );
    for (const row of rows) result.set(row.card_request_id, [...(result.get(row.card_request_id) ?? []), row]);
    return result;
  }

  private async page(manager: EntityManager, query: CardRequestsQuery, userId: string | null): Promise<CardRequestPage> {
    const limit = query.limit ?? 20;
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => {
      conditions.push(sql.replace(/\$(\d+)/g, (_, n: string) => `$${parameters.length + Number(n)}`));
      parameters.push(...values);
    };
    if (userId) add('user_id = $1', userId);
    if (query.status) add('status = $1', query.status);
    if (query.cardType) add('card_type = $1', query.cardType);
    const filters = [...conditions];
    const filterParameters = [...parameters];
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    if (cursor) add('(created_at, id) < ($1::timestamptz, $2::uuid)', cursor.at, cursor.id);
    const where = (list: string[]) => (list.length ? `WHERE ${list.join(' AND ')}` : '');
    const rows: CardRequestRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ledger.card_requests ${where(conditions)} ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`,
      parameters,
    );
    const more = rows.length > limit;
    const items = rows.slice(0, limit);
    let total = cursor?.total ?? 0;
    if (!cursor) [{ total }] = await manager.query(`SELECT count(*)::int AS total FROM ledger.card_requests ${where(filters)}`, filterParameters);
    const [counts] = await manager.query(
      `SELECT count(*) FILTER (WHERE card_type = 'physical' AND status IN ('approved', 'delivered'))::int AS physical,
              count(*) FILTER (WHERE card_type = 'virtual' AND status IN ('approved', 'delivered'))::int AS virtual,
              count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM ledger.card_requests ${userId ? 'WHERE user_id = $1' : ''}`,
      userId ? [userId] : [],
    );
    const history = await this.history(manager, items.map((row) => row.id));
    return {
      items: items.map((row) => view(row, history.get(row.id) ?? [])),
      nextCursor: more ? encodeCursor(items[items.length - 1], total) : null,
      total,
      counts: { physicalCards: counts.physical, virtualCards: counts.virtual, pendingRequests: counts.pending },
    };
  }
}
