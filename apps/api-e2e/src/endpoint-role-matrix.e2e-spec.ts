import { randomUUID } from 'node:crypto';
import { ADMIN_ENDPOINT_PERMISSIONS, ADMIN_ROLES, AdminRole, DEFAULT_ADMIN_ROLE_PERMISSIONS, missingPermissionRefusal, permissionsSatisfy } from '@portal/contracts';
import { samplePdf, SignedInAccount, TestStack, uploadApplicationDocument } from '@portal/testing';
import { adminOn, customerOn, RATE_LIMITS_RAISED, useTestStack } from './journeys';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Operation {
  security?: unknown[];
  'x-admin-permission'?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface Caller {
  name: string;
  token: string | null;
  /** The role's permissions as identity gives them now (admins only). */
  permissions?: string[];
}

interface Answer {
  caller: string;
  request: string;
  status: number;
  code?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const PARALLEL = 6;
const REQUEST_TIMEOUT_MS = 15_000;
const PDF = samplePdf({ text: 'Role matrix' });

/** Asks again until the answer satisfies `done` (read models follow events). */
async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean, attempts = 60): Promise<T> {
  let last = await ask();
  for (let attempt = 1; attempt < attempts && !done(last); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await ask();
  }
  return last;
}

/** One request as a client sends it: placeholder ids, an empty JSON body; a stream's headers are its answer. */
async function send(baseUrl: string, method: string, path: string, token: string | null): Promise<{ status: number; code?: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, { method: method.toUpperCase(), headers, body: method === 'get' || method === 'delete' ? undefined : '{}', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.headers.get('content-type')?.includes('application/json')) {
    await response.body?.cancel();
    return { status: response.status };
  }
  const body = (await response.json().catch(() => null)) as Body | null;
  return { status: response.status, code: typeof body?.code === 'string' ? body.code : undefined };
}

// Issue 13, "roles enforced everywhere": every operation of the OpenAPI document, asked by
// anonymous, a customer, another customer and each admin role, against the permission table.
describe('every endpoint × every role, against the permission table', () => {
  let stack: TestStack;
  let owner: SignedInAccount;
  let stranger: SignedInAccount;
  const admins = new Map<AdminRole, SignedInAccount>();
  /** The owner's resources, by the path template that reads them. */
  const owned = new Map<string, string>();

  useTestStack(
    'api-role-matrix',
    async (started) => {
      stack = started;
      [owner, stranger] = await Promise.all([customerOn(stack), customerOn(stack)]);
      for (const role of ADMIN_ROLES) admins.set(role, await adminOn(stack, role));

      // The owner deposits (before applying: a pending application blocks deposits), then applies, uploads and opens a ticket.
      const deposit = await eventually(
        () => owner.api.post<Body>('/api/v1/deposits', { method: 'bank', amount: 500, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' }, { 'Idempotency-Key': randomUUID() }),
        (answer) => answer.status === 201,
      );
      expect(deposit.status).toBe(201);
      owned.set('/api/v1/transactions/{id}', deposit.body.id);
      const ticket = await owner.api.post<Body>('/api/v1/support/tickets', { subject: 'Mine', category: 'Payments', priority: 'low', message: 'Only mine to read.' });
      expect(ticket.status).toBe(201);
      owned.set('/api/v1/support/tickets/{id}', ticket.body.id);
      owned.set('/api/v1/support/tickets/{id}/messages', ticket.body.id);
      const form = new FormData();
      form.append('purpose', 'application:id_document');
      form.append('file', new Blob([PDF]), 'passport.pdf');
      const file = await fetch(`${stack.baseUrl}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
      expect(file.status).toBe(201);
      owned.set('/api/v1/files/{id}', ((await file.json()) as Body).id);
      const application = await owner.api.post<Body>('/api/v1/applications', {
        applicationType: 'personal',
        fullName: 'Ada Lovelace',
        investmentAmount: 5000,
        investmentDuration: 12,
        applicationData: { address: '1 Analytical Row', employment: 'Engineer', annualIncome: 80000, investmentPurpose: 'Growth', declaration: true },
        documentIds: [await uploadApplicationDocument(owner)],
      });
      expect(application.status).toBe(201);
      owned.set('/api/v1/applications/{id}', application.body.id);
    },
    { env: RATE_LIMITS_RAISED, timeoutMs: 240_000 },
  );

  it("gives each admin role the spec's default permissions, as the table assumes", async () => {
    for (const [role, admin] of admins) {
      const mine = await admin.api.get<{ adminRole: string; permissions: string[] }>('/api/v1/admin/me/permissions');
      expect({ role, ...mine.body }).toEqual({ role, adminRole: role, permissions: role === 'super_admin' ? expect.arrayContaining(['all']) : DEFAULT_ADMIN_ROLE_PERMISSIONS[role] });
    }
  });

  it('answers every operation as the permission table allows, and the table covers every admin operation', async () => {
    const document = (await stack.api.get<OpenApiDocument>('/api/docs-json')).body;
    const operations = Object.entries(document.paths).flatMap(([template, byMethod]) =>
      Object.entries(byMethod)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ method, template, operation, key: `${method.toUpperCase()} ${template}` })),
    );
    const adminOperations = operations.filter(({ template }) => template.startsWith('/api/v1/admin'));
    expect(adminOperations.filter(({ key }) => !(key in ADMIN_ENDPOINT_PERMISSIONS)).map(({ key }) => key)).toEqual([]);
    expect(adminOperations.length).toBe(Object.keys(ADMIN_ENDPOINT_PERMISSIONS).length);

    const callers: Caller[] = [
      { name: 'anonymous', token: null },
      { name: 'customer', token: owner.accessToken },
      { name: 'another customer', token: stranger.accessToken },
    ];
    for (const [role, admin] of admins) {
      const mine = await admin.api.get<{ permissions: string[] }>('/api/v1/admin/me/permissions');
      callers.push({ name: role, token: admin.accessToken, permissions: mine.body.permissions });
    }

    const placeholder = randomUUID();
    const jobs = callers.flatMap((caller) =>
      operations
        // Signing out would end the session the rest of the walk uses.
        .filter(({ template }) => !(caller.token && template === '/api/v1/auth/logout'))
        .map((entry) => ({ caller, ...entry, path: entry.template.replace(/\{[^}]+\}/g, placeholder) })),
    );
    const wrong: Answer[] = [];
    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const { status, code } = await send(stack.baseUrl, job.method, job.path, job.caller.token);
          const answer: Answer = { caller: job.caller.name, request: job.key, status, code };
          const isPublic = !job.operation.security;
          const required = ADMIN_ENDPOINT_PERMISSIONS[job.key];
          if (!job.caller.token) {
            if (!isPublic && status !== 401) wrong.push(answer);
            if (isPublic && status === 403) wrong.push(answer);
          } else if (required === undefined) {
            // Outside the admin area a live session is never asked to sign in again.
            if (!isPublic && status === 401) wrong.push(answer);
          } else if (!job.caller.permissions) {
            // Create Admin refuses a non-admin in spec 02 §5's own words, which have a code of their own.
            const refusal = job.key === 'POST /api/v1/admin/admins' ? 'create_admin_admins_only' : 'admin_access_denied';
            if (status !== 403 || code !== refusal) wrong.push(answer);
          } else if (permissionsSatisfy(job.caller.permissions, required)) {
            if (status === 401 || status === 403) wrong.push(answer);
          } else if (status !== 403 || code !== missingPermissionRefusal(required).code) {
            wrong.push(answer);
          }
        }
      }),
    );
    expect(jobs.length).toBeGreaterThan(callers.length * adminOperations.length);
    expect(wrong).toEqual([]);
  }, 180_000);

  it("keeps one customer's tickets, transactions, applications and files from another", async () => {
    expect(owned.size).toBeGreaterThanOrEqual(4);
    for (const [template, id] of owned) {
      const path = template.replace('{id}', id);
      if (!template.endsWith('/messages')) {
        // The owner reads it (so the id is real), the other customer is told it does not exist.
        expect({ path, status: (await send(stack.baseUrl, 'get', path, owner.accessToken)).status }).toEqual({ path, status: 200 });
        expect({ path, status: (await send(stack.baseUrl, 'get', path, stranger.accessToken)).status }).toEqual({ path, status: 404 });
      }
      for (const method of ['put', 'post', 'patch', 'delete']) {
        const { status } = await send(stack.baseUrl, method, path, stranger.accessToken);
        // Not there for this method (404/405), refused, or an empty body turned away: never done.
        expect({ path, method, done: status < 300 }).toEqual({ path, method, done: false });
      }
    }
    // A well-formed reply to someone else's ticket: past validation, refused as not there.
    const ticket = owned.get('/api/v1/support/tickets/{id}');
    const reply = await stranger.api.post(`/api/v1/support/tickets/${ticket}/messages`, { message: 'Let me in' });
    expect(reply.status).toBe(404);
  });
});
