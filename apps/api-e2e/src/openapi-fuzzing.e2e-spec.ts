import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestStack } from '@portal/testing';
import { FuzzRequest, JSON_TYPE_PROBES, LEAK_PATTERNS, OpenApiDocument, OpenApiFuzzer, SeededRandom } from './fuzzing/openapi-fuzzer';
import { customerAndAdmin, RATE_LIMITS_RAISED, useTestStack } from './journeys';

// A fixed seed in CI; FUZZ_SEED and FUZZ_RANDOM_CASES make a larger run on demand.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RANDOM_CASES = Number(process.env.FUZZ_RANDOM_CASES ?? 4);
// "Never hangs" is judged against what the gateway promises: an answer within its longest wait,
// PASSWORD_CHECK_WAIT_MS (30 s), for the calls that queue behind identity's one-at-a-time
// password hashing (sign-in, sign-up, re-authentication), which the fuzzer floods four at once.
const REQUEST_TIMEOUT_MS = 40_000;
const PARALLEL = 4;

interface Finding {
  role: string;
  request: string;
  label: string;
  problem: string;
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  let stack: TestStack;

  useTestStack('api-fuzz', (started) => (stack = started), { env: RATE_LIMITS_RAISED });

  it('never answers 5xx, never hangs and never leaks internals, as anonymous, customer or admin', async () => {
    const document = (await stack.api.get<OpenApiDocument>('/api/docs-json')).body;
    const { customer, admin } = await customerAndAdmin(stack);
    const roles: { name: string; token: string | null }[] = [
      { name: 'anonymous', token: null },
      { name: 'customer', token: customer.accessToken },
      { name: 'admin', token: admin.accessToken },
    ];

    const fuzzer = new OpenApiFuzzer(document, new SeededRandom(SEED));
    const operations = fuzzer.operations();
    // Every field of every write operation gets null and every JSON type, alone and in a full body (issue 29).
    const profile = operations.find(({ method, template }) => method === 'PATCH' && template === '/api/v1/me');
    const profileLabels = profile ? fuzzer.requests(profile.method, profile.template, profile.operation, 0).map((entry) => entry.label) : [];
    for (const probe of JSON_TYPE_PROBES) expect(profileLabels).toContain(`body with only firstName = ${probe.label}`);
    expect(profileLabels).toContain('body firstName missing');
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;

    for (const role of roles) {
      // Sign-out and the admin's own account are left alone, so the run keeps its sessions.
      const requests = operations
        .filter(({ template }) => !(role.token && template === '/api/v1/auth/logout'))
        .flatMap(({ method, template, operation }) => fuzzer.requests(method, template, operation, RANDOM_CASES));
      const queue = [...requests];
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const outcome = await send(stack.baseUrl, next, role.token);
            sent += 1;
            statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
            const problem = outcome.problem ?? (outcome.status >= 500 ? `answered ${outcome.status}: ${outcome.text.slice(0, 200)}` : LEAK_PATTERNS.find((pattern) => pattern.test(outcome.text))?.toString());
            if (problem) findings.push({ role: role.name, request: `${next.method} ${next.path.slice(0, 120)}`, label: next.label, problem: problem.startsWith('/') ? `leaks ${problem}` : problem });
          }
        }),
      );
    }

    const summary = { seed: SEED, operations: operations.length, requests: sent, serverErrors: [...statuses].filter(([status]) => status >= 500).reduce((total, [, count]) => total + count, 0), statuses: Object.fromEntries(statuses), findings: findings.slice(0, 200) };
    const directory = join(stack.root, 'tmp', 'fuzz');
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, 'latest.json'), JSON.stringify(summary, null, 2));
    console.log(`fuzzing: ${summary.operations} operations, ${summary.requests} requests, ${summary.serverErrors} answered 5xx, ${findings.length} findings (seed ${SEED})`);
    expect(operations.length).toBeGreaterThan(10);
    expect(findings).toEqual([]);
  }, 600_000);
});

async function send(baseUrl: string, request: FuzzRequest, token: string | null): Promise<{ status: number; text: string; problem?: string }> {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
  let body: string | undefined;
  if (request.body && 'json' in request.body) {
    body = JSON.stringify(request.body.json);
    headers['content-type'] = 'application/json';
  } else if (request.body) {
    body = request.body.raw;
    headers['content-type'] = request.body.contentType;
  }
  Object.assign(headers, request.headers);
  try {
    const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (response.headers.get('content-type')?.includes('text/event-stream')) {
      // A stream stays open by design: its headers are the answer.
      await response.body?.cancel();
      return { status: response.status, text: '' };
    }
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { status: 0, text: '', problem: timedOut ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : `connection failed: ${String(error)}` };
  }
}
