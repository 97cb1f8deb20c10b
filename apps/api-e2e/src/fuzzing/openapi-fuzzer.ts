/**
 * Requests generated from the gateway's own OpenAPI document: for every operation, bodies,
 * path and query parameters and headers built from its schema and then spoiled with
 * hostile values (wrong types, boundaries, huge and deeply nested values, control
 * characters, unpaired surrogates, prototype-pollution keys, injection strings). The
 * document is read at run time, so an endpoint added later is fuzzed without changing
 * the test. A seeded generator makes every run with one seed send the same requests.
 */

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** One request to send: everything but the caller's token. */
export interface FuzzRequest {
  method: string;
  path: string;
  /** A JSON value, or a raw string sent as is (malformed or hand-written JSON). */
  body?: { json: unknown } | { raw: string; contentType: string };
  headers: Record<string, string>;
  /** What was spoiled, for the failure report. */
  label: string;
}

/** mulberry32: small, fast and good enough to pick test values reproducibly. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

const NESTED_DEPTH = 3_000;

/** Values no endpoint should answer with a 5xx. Strings marked raw are inserted into JSON text unescaped. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -1e308,
  1e308,
  '',
  ' ',
  'a'.repeat(10_000),
  'a\u0000b@example.com',
  'line\u0007bell',
  '\u202Eevil',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%ff',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-13-45T99:99:99Z',
  '1e400',
  'NaN',
  '-0.001',
  [],
  [null, 1, 'x'],
  {},
  JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}'),
];

/** JSON text that JSON.stringify cannot produce: an unpaired surrogate escape, absurd depth. */
const RAW_BODIES: readonly { raw: string; label: string }[] = [
  { raw: '{"email":"\\ud800","password":"\\udfff","name":"x\\ud800y"}', label: 'unpaired surrogates' },
  { raw: '{"a":'.repeat(NESTED_DEPTH) + '1' + '}'.repeat(NESTED_DEPTH), label: `object nested ${NESTED_DEPTH} deep` },
  { raw: '['.repeat(NESTED_DEPTH) + ']'.repeat(NESTED_DEPTH), label: `array nested ${NESTED_DEPTH} deep` },
  { raw: '{"email": "a@b.c",', label: 'truncated JSON' },
  { raw: '[]', label: 'an array body' },
  { raw: '"just a string"', label: 'a string body' },
  { raw: 'null', label: 'null body' },
  { raw: '{"x":"' + 'y'.repeat(90_000) + '"}', label: 'a 90 KB string' },
  { raw: '{"x":"' + 'y'.repeat(300_000) + '"}', label: 'a body over the size limit' },
];

/**
 * One value of every JSON type, sent in each field of every write operation's body in turn
 * (issue 29: a null in PATCH /me answered 500): null, a string, numbers, a boolean, an array
 * and an object. The field missing altogether is tried besides.
 */
export const JSON_TYPE_PROBES: readonly { label: string; value: unknown }[] = [
  { label: 'null', value: null },
  { label: 'a string', value: 'fuzz' },
  { label: 'an empty string', value: '' },
  { label: 'a whole number', value: 7 },
  { label: 'a fraction', value: 99.999 },
  { label: 'a boolean', value: false },
  { label: 'an array', value: ['fuzz'] },
  { label: 'an object', value: { fuzz: 1 } },
];

const HOSTILE_PATH_VALUES: readonly string[] = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '%00', '%F0%9F%98%80', 'x'.repeat(2_000), "'%20OR%201=1", '-1', '99999999999999999999'];

const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/xml' },
  { 'content-type': 'application/json; charset=utf-16' },
  { 'idempotency-key': 'x'.repeat(5_000) },
  { 'idempotency-key': '' },
  { origin: 'https://evil.example' },
  { 'x-request-id': '../../\u00ff' },
  { 'x-forwarded-for': '999.999.999.999, ::g' },
  { accept: 'text/html' },
];

export class OpenApiFuzzer {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly random: SeededRandom,
  ) {}

  operations(): { method: string; template: string; operation: Operation }[] {
    return Object.entries(this.document.paths).flatMap(([template, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
    );
  }

  /** The requests for one operation: a plausible one, then each part spoiled in turn, then random mixes. */
  requests(method: string, template: string, operation: Operation, extraRandomCases: number): FuzzRequest[] {
    const parameters = operation.parameters ?? [];
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const validPath = () => this.fillPath(template, parameters, () => null);
    const validQuery = () => this.query(parameters, () => null);
    const validBody = () => (bodySchema ? this.valueFor(bodySchema, 0) : undefined);
    const json = (value: unknown) => (value === undefined ? undefined : { json: value });
    const requests: FuzzRequest[] = [];
    const add = (label: string, path: string, body: FuzzRequest['body'], headers: Record<string, string> = {}) => requests.push({ method, path, body, headers, label });

    add('plausible', validPath() + validQuery(), json(validBody()));
    for (const parameter of parameters.filter((entry) => entry.in === 'path')) {
      for (const value of HOSTILE_PATH_VALUES) add(`path ${parameter.name}=${value.slice(0, 30)}`, this.fillPath(template, parameters, (name) => (name === parameter.name ? value : null)) + validQuery(), json(validBody()));
    }
    for (const parameter of parameters.filter((entry) => entry.in === 'query')) {
      for (const value of HOSTILE_VALUES.filter((entry) => typeof entry !== 'object')) {
        add(`query ${parameter.name}=${String(value).slice(0, 30)}`, validPath() + this.query(parameters, (name) => (name === parameter.name ? String(value) : null)), json(validBody()));
      }
      add(`query ${parameter.name} repeated`, `${validPath()}?${parameter.name}=a&${parameter.name}=b&${parameter.name}[x]=c`, json(validBody()));
    }
    if (method !== 'GET' && method !== 'DELETE') {
      const body = validBody();
      const fields = bodySchema ? Object.keys(this.resolve(bodySchema).properties ?? {}) : [];
      for (const field of fields) {
        for (const value of HOSTILE_VALUES) add(`body ${field}=${JSON.stringify(value)?.slice(0, 30)}`, validPath(), json({ ...(body as object), [field]: value }));
      }
      // Every field, nested ones included, with a value of each JSON type and missing: inside
      // the plausible body, and alone (so no other field's refusal comes first, as with PATCH /me).
      for (const field of bodySchema ? this.fieldPaths(bodySchema) : []) {
        for (const probe of JSON_TYPE_PROBES) {
          add(`body ${field.join('.')} = ${probe.label}`, validPath(), json(withField(body, field, probe.value)));
          add(`body with only ${field.join('.')} = ${probe.label}`, validPath(), json(withField({}, field, probe.value)));
        }
        add(`body ${field.join('.')} missing`, validPath(), json(withoutField(body, field)));
      }
      for (const raw of RAW_BODIES) add(`raw body: ${raw.label}`, validPath(), { raw: raw.raw, contentType: 'application/json' });
      add('body with unknown and pollution keys', validPath(), { raw: JSON.stringify({ ...(body as object), extra: 1 }).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},'), contentType: 'application/json' });
    }
    for (const headers of HOSTILE_HEADERS) add(`headers ${JSON.stringify(headers).slice(0, 60)}`, validPath() + validQuery(), json(validBody()), headers);
    for (let index = 0; index < extraRandomCases; index += 1) {
      const body = bodySchema ? this.spoil(this.valueFor(bodySchema, 0)) : undefined;
      const path = this.fillPath(template, parameters, () => (this.random.next() < 0.5 ? this.random.pick(HOSTILE_PATH_VALUES) : null));
      add(`random mix #${index}`, path + this.query(parameters, () => (this.random.next() < 0.5 ? String(this.random.pick(HOSTILE_VALUES)) : null)), json(body));
    }
    return requests;
  }

  /** The paths of a body's fields: each property, and the properties of object properties (two levels, as the contracts nest). */
  private fieldPaths(schema: Schema, prefix: string[] = [], depth = 0): string[][] {
    const properties = this.resolve(schema).properties ?? {};
    return Object.entries(properties).flatMap(([name, property]) => {
      const path = [...prefix, name];
      const resolved = this.resolve(property);
      const variants = resolved.oneOf ?? resolved.anyOf;
      const nested = depth < 1 && !variants && resolved.properties ? this.fieldPaths(resolved, path, depth + 1) : [];
      const items = depth < 1 && resolved.items ? this.resolve(resolved.items) : undefined;
      const inItems = items?.properties ? this.fieldPaths(items, [...path, '0'], depth + 1) : [];
      return [path, ...nested, ...inItems];
    });
  }

  private fillPath(template: string, parameters: Parameter[], override: (name: string) => string | null): string {
    return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const chosen = override(name);
      if (chosen !== null) return chosen;
      const schema = parameters.find((entry) => entry.name === name)?.schema ?? { type: 'string', format: 'uuid' };
      return encodeURIComponent(String(this.valueFor(schema, 0)));
    });
  }

  private query(parameters: Parameter[], override: (name: string) => string | null): string {
    const pairs = parameters
      .filter((entry) => entry.in === 'query')
      .map((entry) => {
        const value = override(entry.name) ?? (entry.required || this.random.next() < 0.5 ? String(this.valueFor(entry.schema ?? { type: 'string' }, 0)) : null);
        return value === null ? null : `${encodeURIComponent(entry.name)}=${encodeURIComponent(value)}`;
      })
      .filter((pair): pair is string => pair !== null);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  }

  /** Replaces one random field (at any depth of the top level) with a hostile value. */
  private spoil(value: unknown): unknown {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return this.random.pick(HOSTILE_VALUES);
    const keys = Object.keys(value);
    if (keys.length === 0) return { [this.random.pick(['__proto__', 'constructor', 'x'])]: this.random.pick(HOSTILE_VALUES) };
    return { ...value, [this.random.pick(keys)]: this.random.pick(HOSTILE_VALUES) };
  }

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops += 1) {
      const name = current.$ref.split('/').pop() ?? '';
      current = this.document.components?.schemas?.[name] ?? {};
    }
    if (current.allOf) return current.allOf.map((part) => this.resolve(part)).reduce((merged, part) => ({ ...merged, ...part, properties: { ...merged.properties, ...part.properties } }), {} as Schema);
    return current;
  }

  /** A value the schema would accept, as far as a generator can tell. */
  valueFor(input: Schema, depth: number): unknown {
    const schema = this.resolve(input);
    if (schema.enum && schema.enum.length > 0) return this.random.pick(schema.enum);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants && variants.length > 0) return this.valueFor(this.random.pick(variants), depth);
    const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
    switch (type) {
      case 'integer':
        return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1_000, 1 + Math.floor(this.random.next() * 1_000)));
      case 'number':
        return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10_000, Math.round(this.random.next() * 1_000_000) / 100));
      case 'boolean':
        return this.random.next() < 0.5;
      case 'array':
        return depth > 4 || !schema.items ? [] : [this.valueFor(schema.items, depth + 1)];
      case 'object':
      case undefined: {
        if (!schema.properties || depth > 4) return {};
        return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, this.valueFor(property, depth + 1)]));
      }
      default:
        return this.stringFor(schema);
    }
  }

  private stringFor(schema: Schema): string {
    switch (schema.format) {
      case 'uuid':
        return '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
      case 'email':
        return 'fuzz@example.test';
      case 'date-time':
        return '2026-11-23T12:00:00.000Z';
      case 'date':
        return '2026-11-23';
      case 'binary':
        return 'binary';
      default:
        return 'x'.repeat(Math.max(schema.minLength ?? 8, 1)).slice(0, schema.maxLength ?? 64);
    }
  }
}

/** What a response must never show: stack traces, internal error classes, SQL, file paths. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\bat .+\.(js|ts):\d+/,
  /QueryFailedError|TypeError|ReferenceError|SyntaxError: Unexpected|RangeError/,
  /\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bviolates\b.+\bconstraint\b/i,
  /node_modules|\/work\/|\/home\/|\/usr\/src\//,
  /ECONNREFUSED|ETIMEDOUT|NatsError|ioredis/,
];

/** A copy of `body` with `value` at `path` (objects or arrays made on the way as needed). */
export function withField(body: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  const container = body !== null && typeof body === 'object' ? body : {};
  const copy: Record<string, unknown> | unknown[] = Array.isArray(container) ? [...container] : { ...(container as Record<string, unknown>) };
  const child = (copy as Record<string, unknown>)[head];
  (copy as Record<string, unknown>)[head] = rest.length === 0 ? value : withField(child ?? (/^\d+$/.test(rest[0]) ? [] : {}), rest, value);
  return copy;
}

/** A copy of `body` without the field at `path`. */
export function withoutField(body: unknown, path: string[]): unknown {
  if (body === null || typeof body !== 'object') return body;
  const [head, ...rest] = path;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) };
  if (rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else {
    (copy as Record<string, unknown>)[head] = withoutField((copy as Record<string, unknown>)[head], rest);
  }
  return copy;
}
