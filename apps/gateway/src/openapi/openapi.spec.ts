import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { ADMIN_ENDPOINT_PERMISSIONS } from '@portal/contracts';
import { DEFAULT_OPENAPI_PATH, renderOpenApiDocument } from './write-openapi';

interface Operation {
  operationId: string;
  security?: unknown[];
  'x-admin-permission'?: string;
  'x-requires-recent-sign-in'?: number;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string; oneOf?: { $ref?: string }[] } }> }>;
}

describe('the OpenAPI document', () => {
  let text: string;
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

  beforeAll(async () => {
    // No NATS or Redis is configured or reachable here: the writer must not need them.
    text = await renderOpenApiDocument();
    document = JSON.parse(text);
  });

  it('describes every endpoint of this release', () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/admin/admins',
      '/api/v1/admin/applications',
      '/api/v1/admin/applications/{id}/review',
      '/api/v1/admin/audit-logs',
      '/api/v1/admin/cards/requests',
      '/api/v1/admin/cards/requests/{id}/decision',
      '/api/v1/admin/customer-view/{userId}',
      '/api/v1/admin/customer-view/{userId}/applications',
      '/api/v1/admin/customer-view/{userId}/balance',
      '/api/v1/admin/customer-view/{userId}/investments',
      '/api/v1/admin/customer-view/{userId}/portfolio/performance',
      '/api/v1/admin/customer-view/{userId}/security-deposits',
      '/api/v1/admin/customer-view/{userId}/support/tickets',
      '/api/v1/admin/customer-view/{userId}/support/tickets/{ticketId}',
      '/api/v1/admin/customer-view/{userId}/transactions',
      '/api/v1/admin/customer-view/{userId}/transactions/summary',
      '/api/v1/admin/earnings',
      '/api/v1/admin/health',
      '/api/v1/admin/investments',
      '/api/v1/admin/kyc/documents',
      '/api/v1/admin/kyc/documents/request',
      '/api/v1/admin/kyc/documents/{id}/review',
      '/api/v1/admin/ledger/check',
      '/api/v1/admin/maturities',
      '/api/v1/admin/me/permissions',
      '/api/v1/admin/notifications/broadcast',
      '/api/v1/admin/notifications/failed-emails',
      '/api/v1/admin/notifications/failed-emails/{id}',
      '/api/v1/admin/notifications/failed-emails/{id}/retry',
      '/api/v1/admin/notifications/recipients',
      '/api/v1/admin/notifications/stats',
      '/api/v1/admin/reports',
      '/api/v1/admin/security-deposits',
      '/api/v1/admin/security-deposits/{id}/lock',
      '/api/v1/admin/security-deposits/{id}/unlock',
      '/api/v1/admin/settings',
      '/api/v1/admin/settings/{key}',
      '/api/v1/admin/settings/{key}/history',
      '/api/v1/admin/stats',
      '/api/v1/admin/support/tickets',
      '/api/v1/admin/support/tickets/summary',
      '/api/v1/admin/support/tickets/{id}',
      '/api/v1/admin/transactions',
      '/api/v1/admin/transactions/stats',
      '/api/v1/admin/transactions/{id}/approve',
      '/api/v1/admin/transactions/{id}/reject',
      '/api/v1/admin/users',
      '/api/v1/admin/users/{id}',
      '/api/v1/admin/users/{id}/activate',
      '/api/v1/admin/users/{id}/admin-role',
      '/api/v1/admin/users/{id}/kyc',
      '/api/v1/admin/users/{id}/sessions',
      '/api/v1/admin/users/{id}/sessions/{sessionId}',
      '/api/v1/admin/users/{id}/suspend',
      '/api/v1/admin/webhooks',
      '/api/v1/admin/webhooks/deliveries/{id}/replay',
      '/api/v1/admin/webhooks/{id}',
      '/api/v1/admin/webhooks/{id}/deliveries',
      '/api/v1/applications',
      '/api/v1/applications/latest-status',
      '/api/v1/applications/{id}',
      '/api/v1/auth/confirm-email',
      '/api/v1/auth/end-session',
      '/api/v1/auth/login',
      '/api/v1/auth/login/mfa',
      '/api/v1/auth/login/mfa/enrol',
      '/api/v1/auth/logout',
      '/api/v1/auth/passkeys/options',
      '/api/v1/auth/passkeys/sign-in',
      '/api/v1/auth/password-reset',
      '/api/v1/auth/password-update',
      '/api/v1/auth/reauthenticate',
      '/api/v1/auth/reauthenticate/passkey-options',
      '/api/v1/auth/refresh',
      '/api/v1/auth/resend-confirmation',
      '/api/v1/auth/signup',
      '/api/v1/balance',
      '/api/v1/cards/requests',
      '/api/v1/cards/requests/{id}',
      '/api/v1/deposits',
      '/api/v1/events',
      '/api/v1/events/tickets',
      '/api/v1/files',
      '/api/v1/files/{id}',
      '/api/v1/investment-payments',
      '/api/v1/investments',
      '/api/v1/investments/{id}/cancel',
      '/api/v1/kyc/documents',
      '/api/v1/me',
      '/api/v1/me/email/confirm',
      '/api/v1/me/export',
      '/api/v1/me/passkeys',
      '/api/v1/me/passkeys/registration-options',
      '/api/v1/me/passkeys/{id}',
      '/api/v1/me/password',
      '/api/v1/me/preferences',
      '/api/v1/me/profile',
      '/api/v1/me/security',
      '/api/v1/me/sessions',
      '/api/v1/me/sessions/{id}',
      '/api/v1/me/two-factor/confirm',
      '/api/v1/me/two-factor/disable',
      '/api/v1/me/two-factor/enrol',
      '/api/v1/notifications',
      '/api/v1/notifications/read-all',
      '/api/v1/notifications/unread-count',
      '/api/v1/notifications/{id}/read',
      '/api/v1/portfolio/performance',
      '/api/v1/security-deposits',
      '/api/v1/security-events',
      '/api/v1/settings/public',
      '/api/v1/statements/{month}',
      '/api/v1/support/tickets',
      '/api/v1/support/tickets/summary',
      '/api/v1/support/tickets/{id}',
      '/api/v1/support/tickets/{id}/messages',
      '/api/v1/transactions',
      '/api/v1/transactions/summary',
      '/api/v1/transactions/{id}',
      '/api/v1/verification/config',
      '/api/v1/verification/sessions',
      '/api/v1/verification/sessions/{id}',
      '/api/v1/withdrawals',
      '/health',
      '/health/ready',
      '/health/services',
    ]);
  });

  it('types every success and error answer, so the generated client is fully typed', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        const success = statuses.filter((status) => status.startsWith('2'));
        expect({ path, method, success: success.length }).toEqual({ path, method, success: 1 });
        const content = operation.responses[success[0]].content;
        // A file download answers the file itself, typed as binary; the event stream is typed server-sent events.
        if (path === '/api/v1/files/{id}' || path === '/api/v1/statements/{month}') expect(content?.['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
        // Sign-in answers one of two named shapes (a session, or the two-factor challenge).
        else if (path === '/api/v1/auth/login') expect(content?.['application/json'].schema.oneOf?.map((schema) => schema.$ref)).toEqual(['#/components/schemas/AuthSession', '#/components/schemas/MfaChallenge']);
        else if (success[0] !== '204') expect((content?.['application/json'] ?? content?.['text/event-stream'])?.schema.$ref).toBeDefined();
        if (path.startsWith('/api/')) {
          for (const status of ['429', '500', '503', '504']) {
            expect({ path, method, status, schema: operation.responses[status]?.content?.['application/json'].schema.$ref }).toEqual({
              path,
              method,
              status,
              schema: '#/components/schemas/ErrorBody',
            });
          }
        }
      }
    }
  });

  it('marks signed-in endpoints with bearer auth and leaves public ones open', () => {
    expect(document.paths['/api/v1/me'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/admin/audit-logs'].get.responses['403']).toBeDefined();
    expect(document.paths['/api/v1/auth/login'].post.security).toBeUndefined();
    expect(document.paths['/api/v1/settings/public'].get.security).toBeUndefined();
    // Confirming an email change is proven by the emailed link, not a session.
    expect(document.paths['/api/v1/me/email/confirm'].post.security).toBeUndefined();
  });

  it('declares on every admin operation the permission the permission table gives it, and only there', () => {
    const declared: Record<string, string | undefined> = {};
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const permission = operation['x-admin-permission'];
        if (path.startsWith('/api/v1/admin') || permission) declared[`${method.toUpperCase()} ${path}`] = permission;
      }
    }
    expect(declared).toStrictEqual(ADMIN_ENDPOINT_PERMISSIONS);
  });

  it('marks what moves money out or takes over the account as needing a sign-in from the last 5 minutes', () => {
    const marked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation['x-requires-recent-sign-in'] !== undefined) marked.push(`${method.toUpperCase()} ${path} (${operation['x-requires-recent-sign-in']} min)`);
      }
    }
    // Changing the email, turning two-factor off and closing the account carry their proof in the request (password or code).
    expect(marked.sort()).toEqual(['DELETE /api/v1/me/passkeys/{id} (5 min)', 'POST /api/v1/withdrawals (5 min)']);
  });

  it('is stable, and libs/api-client/openapi.json is current (else run libs/api-client/scripts/generate.sh)', async () => {
    expect(await renderOpenApiDocument()).toBe(text);
    expect(readFileSync(DEFAULT_OPENAPI_PATH, 'utf8')).toBe(text);
  });
});
