import 'reflect-metadata';
import request from 'supertest';
import { ApplicationsCommands, CommandDefinition, IdentityCommands, LedgerCommands } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const INVESTMENT_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** Every money field a client writes, with the rest of a valid body around the amount (a JSON text). */
const MONEY_ROUTES: { name: string; method: 'post' | 'put'; path: string; admin?: boolean; command: CommandDefinition; body: (amount: string) => string; forwarded: (payload: Record<string, unknown>) => unknown }[] = [
  { name: 'deposit', method: 'post', path: '/api/v1/deposits', command: LedgerCommands.requestDeposit, body: (amount) => `{"method":"crypto","amount":${amount}}`, forwarded: (payload) => payload.amount },
  {
    name: 'withdrawal',
    method: 'post',
    path: '/api/v1/withdrawals',
    command: LedgerCommands.requestWithdrawal,
    body: (amount) => `{"accountName":"Ada Lovelace","accountNumber":"DE89370400440532013000","bankName":"Bank","bankBranchAddress":"Main St 1","swiftCode":"DEUTDEFF","amount":${amount}}`,
    forwarded: (payload) => payload.amount,
  },
  {
    name: 'investment payment',
    method: 'post',
    path: '/api/v1/investment-payments',
    command: LedgerCommands.payInvestment,
    body: (amount) => `{"investmentId":"${INVESTMENT_ID}","paymentMethod":"balance","amount":${amount}}`,
    forwarded: (payload) => payload.amount,
  },
  { name: 'application', method: 'post', path: '/api/v1/applications', command: ApplicationsCommands.submit, body: (amount) => `{"applicationType":"gipp","investmentAmount":${amount}}`, forwarded: (payload) => payload.investmentAmount },
  {
    name: 'security deposit',
    method: 'post',
    path: '/api/v1/admin/security-deposits',
    admin: true,
    command: LedgerCommands.createSecurityDeposit,
    body: (amount) => `{"userId":"${INVESTMENT_ID}","amount":${amount}}`,
    forwarded: (payload) => payload.amount,
  },
  {
    name: 'financial limits setting',
    method: 'put',
    path: '/api/v1/admin/settings/financial_limits',
    admin: true,
    command: IdentityCommands.changeSetting,
    body: (amount) => `{"value":{"minimumWithdrawal":${amount},"withdrawalRequiresKyc":true,"fourEyesThreshold":10000}}`,
    forwarded: (payload) => (payload.value as Record<string, unknown>).minimumWithdrawal,
  },
];

describe('money amounts read from the request text', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-exact-amounts', (started) => (gateway = started));

  async function send(route: (typeof MONEY_ROUTES)[number], amount: string) {
    const token = gateway.accessToken(route.admin ? adminActor() : customerActor());
    return request(gateway.baseUrl)[route.method](route.path).set('authorization', `Bearer ${token}`).set('content-type', 'application/json').send(route.body(amount));
  }

  const BAD_AMOUNTS = ['99.999999999999999', '100.0000000000000001', '"100.001"', '100.001', '1e2', '"1e2"', '100.000', '12345678901234567890.5'];

  it.each(MONEY_ROUTES.filter((route) => route.command !== IdentityCommands.changeSetting).map((route) => [route.name, route] as const))(
    '%s: an amount with more than two decimals or in exponent form is refused with 400, whether a number or a string, and never reaches the service',
    async (_name, route) => {
      await gateway.grantRolePermissions();
      await gateway.proveSignIn();
      const service = await gateway.respond(route.command, () => ({}));
      for (const amount of BAD_AMOUNTS) {
        const response = await send(route, amount);
        expect({ amount, status: response.status }).toEqual({ amount, status: 400 });
        expect(response.body.details?.[0]?.field).toBe(route.name === 'application' ? 'investmentAmount' : 'amount');
      }
      expect(service.requests).toHaveLength(0);
    },
  );

  it('financial limits: identity, which judges settings, is handed each amount exactly as written', async () => {
    const route = MONEY_ROUTES.find((entry) => entry.command === IdentityCommands.changeSetting)!;
    await gateway.grantRolePermissions();
    const identity = await gateway.respond(route.command, () => ({ key: 'financial_limits' }));
    for (const amount of BAD_AMOUNTS) await send(route, amount);
    expect(identity.requests.map((entry) => route.forwarded(entry.payload))).toEqual(BAD_AMOUNTS.map((amount) => amount.replace(/^"|"$/g, '')));
  });

  it.each(MONEY_ROUTES.map((route) => [route.name, route] as const))('%s: 100.5 and "100.50" are accepted and forwarded as decimal text', async (_name, route) => {
    await gateway.grantRolePermissions();
    await gateway.proveSignIn();
    const service = await gateway.respond(route.command, () => ({ key: 'financial_limits' }));
    for (const amount of ['100.5', '"100.50"', '100.50']) {
      const response = await send(route, amount);
      expect({ amount, status: response.status }).toEqual({ amount, status: route.method === 'post' ? 201 : 200 });
    }
    const forwarded = service.requests.map((entry) => route.forwarded(entry.payload));
    expect(forwarded).toEqual(route.name === 'application' ? ['100.50', '100.50', '100.50'] : ['100.5', '100.50', '100.50']);
  });
});
