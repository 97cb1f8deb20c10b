/**
 * Checks applied to every request before its contract class sees it, at the gateway and
 * again in each service: input nested deeper than any contract needs overflows the
 * recursive validators (a 2,500-level body is only 5 KB), and a NUL byte, another
 * control character or an unpaired UTF-16 surrogate cannot be stored by PostgreSQL or
 * shown safely. The walk is iterative, so it never overflows itself.
 */

/** No contract nests anywhere near this deep. */
export const MAX_INPUT_DEPTH = 32;

export interface UnsafeInput {
  /** Where the problem is, in the form `details[].field` uses: `address.city`, `items.2`. */
  field: string;
  message: string;
}

// C0 controls other than tab, line feed and carriage return, and DEL: matching them is the point.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return 'contains a control character, which is not allowed';
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (an unpaired surrogate)';
  return null;
}

function describe(field: string): string {
  return field === '' ? 'The request' : field;
}

/** The first unsafe thing in a parsed JSON value or query object, or null when it is all safe. */
export function findUnsafeInput(input: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeInput | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: path, message: `${describe(path)} ${problem}.` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { field: path, message: `The request is nested too deeply (at most ${maxDepth} levels).` };
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { field: path, message: path === '' ? `A field name ${keyProblem}.` : `A field name in ${path} ${keyProblem}.` };
      pending.push({ value: child, path: path === '' ? key : `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}
