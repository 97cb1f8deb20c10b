import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Where a row sits in a list ordered by (a timestamp, id): the timestamp to the
 * microsecond, in UTC, as PostgreSQL keeps it (a JavaScript Date would round it to the
 * millisecond and skip or repeat rows), and the id.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** A cursor's position and the whole numbers a list carries from page to page (a total counted once). */
export interface DecodedCursor extends KeysetPosition {
  carried: number[];
}

/** A cursor that is not the nextCursor of a page: services answer it 400 `cursor_invalid` (libs/messaging's filter). */
export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not valid');
    this.name = 'InvalidCursorError';
  }
}

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})((?:\|\d{1,12})*)$/;

/** SQL of a timestamp column as a cursor keeps it: UTC, to the microsecond. */
export function cursorTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** An opaque cursor (base64url) for the rows after `position`, carrying `carried` to the next page. */
export function encodeKeysetCursor(position: KeysetPosition, carried: readonly number[] = []): string {
  return Buffer.from([position.at, position.id, ...carried].join('|')).toString('base64url');
}

/** A real instant PostgreSQL accepts: the shape is not enough (a crafted 2024-02-30 or year 0 would fail there, a 500). */
function isRealInstant(at: string): boolean {
  const millis = at.slice(0, 23);
  const parsed = Date.parse(`${millis}Z`);
  return !millis.startsWith('0000') && Number.isFinite(parsed) && new Date(parsed).toISOString().slice(0, 23) === millis;
}

/** What encodeKeysetCursor wrote, expecting `carried` numbers; InvalidCursorError for anything else. */
export function decodeKeysetCursor(cursor: string, carried = 0): DecodedCursor {
  const match = /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  const numbers = match?.[3] ? match[3].slice(1).split('|').map(Number) : [];
  if (!match || !isRealInstant(match[1]) || numbers.length !== carried) throw new InvalidCursorError();
  return { at: match[1], id: match[2], carried: numbers };
}

/**
 * The rows after `position` in a list ordered newest first by (`at`, `id`), compared in
 * SQL so microseconds never round. `bind` adds a value and answers its placeholder
 * (`$3` in plain SQL, `:name` in a query builder).
 */
export function afterPositionSql(at: string, id: string, position: KeysetPosition, bind: (value: string) => string): string {
  return `(${at}, ${id}) < (CAST(${bind(position.at)} AS timestamptz), CAST(${bind(position.id)} AS uuid))`;
}

/** Of `limit + 1` rows read in list order: the page, and the cursor after its last row when more follow. */
export function keysetPage<Row>(rows: Row[], limit: number, position: (row: Row) => KeysetPosition, carried: readonly number[] = []): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? encodeKeysetCursor(position(page[page.length - 1]), carried) : null };
}

export interface KeysetQuery {
  /** The order's property paths (or an SQL expression of them), a timestamp and the id: `document.createdAt`, `document.id`. */
  at: string;
  id: string;
  limit: number;
  /** The nextCursor of the previous page, or nothing for the first page. */
  cursor?: string;
}

/** A page of entities and the cursor of the next. */
export interface KeysetPageOf<Entity> {
  rows: Entity[];
  nextCursor: string | null;
}

/**
 * One page of a query builder's entities, newest first by (`at`, `id`), and the cursor
 * of the next; the query keeps its filters. With `countTotal`, the list's total is counted on
 * its first page and carried in the cursor to the next (rows added meanwhile do not change it
 * mid-list); without, count it beside this. An invalid cursor throws InvalidCursorError.
 */
export async function keysetPageOf<Entity extends ObjectLiteral & { id: string }>(
  query: SelectQueryBuilder<Entity>,
  options: KeysetQuery & { countTotal: () => Promise<number> },
): Promise<KeysetPageOf<Entity> & { total: number }>;
export async function keysetPageOf<Entity extends ObjectLiteral & { id: string }>(query: SelectQueryBuilder<Entity>, options: KeysetQuery): Promise<KeysetPageOf<Entity>>;
export async function keysetPageOf<Entity extends ObjectLiteral & { id: string }>(
  query: SelectQueryBuilder<Entity>,
  { at, id, limit, cursor, countTotal }: KeysetQuery & { countTotal?: () => Promise<number> },
): Promise<KeysetPageOf<Entity> & { total?: number }> {
  const after = cursor === undefined ? null : decodeKeysetCursor(cursor, countTotal ? 1 : 0);
  const total = countTotal ? (after ? after.carried[0] : await countTotal()) : undefined;
  const page = query.clone();
  if (after) {
    const parameters: Record<string, string> = {};
    const bind = (value: string) => {
      const name = `keyset${Object.keys(parameters).length}`;
      parameters[name] = value;
      return `:${name}`;
    };
    page.andWhere(afterPositionSql(at, id, after, bind), parameters);
  }
  // Without joins, raw rows and entities come in the same order: the raw row gives the microsecond timestamp.
  const { entities, raw } = await page
    .addSelect(cursorTimestampSql(at), 'keyset_at')
    .orderBy(at, 'DESC')
    .addOrderBy(id, 'DESC')
    .limit(limit + 1)
    .getRawAndEntities<{ keyset_at: string }>();
  const positions = new Map(entities.map((entity, index) => [entity.id, raw[index].keyset_at]));
  const result = keysetPage(entities, limit, (entity) => ({ at: positions.get(entity.id) as string, id: entity.id }), total === undefined ? [] : [total]);
  return total === undefined ? result : { ...result, total };
}
