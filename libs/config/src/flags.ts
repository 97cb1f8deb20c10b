/**
 * A class-transformer `@Transform` for true/false variables. Environment values are
 * strings and implicit conversion turns any non-empty string (even "false") into true,
 * so flags are read from the raw value; anything else is left for `@IsBoolean` to refuse.
 */
export function parseFlag({ obj, key }: { obj: Record<string, unknown>; key: string }): unknown {
  const raw = obj[key];
  if (typeof raw === 'boolean' || raw === undefined) return raw;
  const text = String(raw).trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  return raw;
}
