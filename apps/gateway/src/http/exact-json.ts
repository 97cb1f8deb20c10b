import { isSafeNumber, parse } from 'lossless-json';
import { InexactNumber, rememberNumberTexts } from '@portal/contracts';

/** A number as the parser met it, before the walk below decides what it becomes. */
class NumberText {
  constructor(readonly text: string) {}
}

/**
 * Parses JSON like JSON.parse, except for numbers: each keeps its source text on the object
 * or array holding it (see JSON_NUMBER_TEXT), so a money field reads `99.999999999999999` or
 * `1e2` as written. A number a JS number holds without losing digits (`100.5`, `100.50`,
 * `7`) becomes that number, as JSON.parse would give it; one that would lose digits
 * (`12345678901234567890`, `1e400`) becomes an InexactNumber, which no numeric validator
 * takes. As with JSON.parse, a repeated key keeps its last value. Throws a SyntaxError on
 * malformed JSON.
 */
export function parseJsonExactly(text: string): unknown {
  // JSON.parse first: it alone decides what is malformed, as it always has, and it is an
  // order of magnitude faster. Only a body with numbers in it is read again for their text.
  const plain: unknown = JSON.parse(text);
  if (!holdsNumbers(plain)) return plain;
  let root: unknown;
  try {
    root = parse(text, null, {
      parseNumber: (source: string) => new NumberText(source),
      onDuplicateKey: ({ newValue }) => newValue,
    });
  } catch (error) {
    // lossless-json descends recursively: nesting thousands deep overflows its stack where
    // JSON.parse does not. Such a body is refused for its depth whatever its numbers (the
    // unsafe-input check), so it goes on as JSON.parse read it and that check answers.
    if (error instanceof RangeError) return plain;
    throw error;
  }
  if (root instanceof NumberText) return exactly(root);
  // Iterative, so a deep (still allowed) body cannot overflow the walk either.
  const pending: unknown[] = [root];
  for (let holder = pending.pop(); holder !== undefined; holder = pending.pop()) {
    if (holder === null || typeof holder !== 'object') continue;
    const container = holder as Record<string, unknown>;
    let texts: Record<string, string> | undefined;
    for (const key of Object.keys(container)) {
      const value = container[key];
      if (value instanceof NumberText) {
        (texts ??= {})[key] = value.text;
        container[key] = exactly(value);
      } else if (value !== null && typeof value === 'object') {
        pending.push(value);
      }
    }
    if (texts) rememberNumberTexts(container, texts);
  }
  return root;
}

/** Whether a parsed JSON value has a number anywhere in it. */
function holdsNumbers(value: unknown): boolean {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next === 'number') return true;
    if (next !== null && typeof next === 'object') for (const child of Object.values(next)) pending.push(child);
  }
  return false;
}

function exactly(number: NumberText): number | InexactNumber {
  return isSafeNumber(number.text) ? Number(number.text) : new InexactNumber(number.text);
}
