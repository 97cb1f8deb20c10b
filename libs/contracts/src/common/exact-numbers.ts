import { Transform } from 'class-transformer';

/**
 * Numbers as the request spelled them. JSON.parse turns `99.999999999999999` into 100 and
 * `100.10000` into 100.1 before any validator runs, so a money check on the parsed number
 * cannot see what the client sent. The gateway's body parser reads numbers losslessly and
 * leaves each one's source text on the object or array holding it, under this symbol
 * (invisible to Object.keys, JSON.stringify and spreading); money fields read it back.
 */
export const JSON_NUMBER_TEXT: unique symbol = Symbol.for('portal.jsonNumberText');

type NumberTexts = Record<string, string>;

/**
 * A JSON number no JS number can hold exactly (`1e400`, `12345678901234567890`,
 * `0.1000000000000000000001`). It is no number to a validator (valueOf is NaN), so an
 * ordinary numeric field refuses it; free-form data keeps it as its text.
 */
export class InexactNumber {
  constructor(readonly text: string) {}

  valueOf(): number {
    return Number.NaN;
  }

  toString(): string {
    return this.text;
  }

  toJSON(): string {
    return this.text;
  }
}

/** Records the source texts of the numbers `holder` holds (by key or array index). */
export function rememberNumberTexts(holder: object, texts: NumberTexts): void {
  Object.defineProperty(holder, JSON_NUMBER_TEXT, { value: texts, enumerable: false, configurable: true });
}

/** The source text of the number at `holder[key]`, when the parser saw one there. */
export function jsonNumberText(holder: unknown, key: string | number): string | undefined {
  if (holder === null || typeof holder !== 'object') return undefined;
  const texts = (holder as { [JSON_NUMBER_TEXT]?: NumberTexts })[JSON_NUMBER_TEXT];
  return texts && Object.prototype.hasOwnProperty.call(texts, String(key)) ? texts[String(key)] : undefined;
}

/**
 * A money value as the client wrote it: a JSON number becomes its source text (or, where no
 * parser recorded one, its shortest decimal form); a string or anything else stays as it
 * is, for the money validator to check or refuse.
 */
export function moneyText(value: unknown, holder?: unknown, key?: string | number): unknown {
  if (typeof value !== 'number' && !(value instanceof InexactNumber)) return value;
  const source = key === undefined ? undefined : jsonNumberText(holder, key);
  return source ?? String(value instanceof InexactNumber ? value.text : value);
}

/**
 * On a money field of a request class: the validators see the amount's text as sent, so
 * `99.999999999999999`, `100.001` and `1e2` are refused rather than rounded to 100.00.
 */
export function AsMoneyText(): PropertyDecorator {
  return Transform(({ value, obj, key }) => moneyText(value, obj, key));
}

/** The listed money fields of a free-form object (a setting's value) as the client wrote them. */
export function withMoneyTexts(value: unknown, fields: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || fields.length === 0) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = moneyText(copy[field], value, field);
  return copy;
}
