import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { GatewayEnvironment } from '../config/gateway-environment';
import { RefreshCookie } from '../auth/refresh-cookie';
import { securityHeaders } from './security-headers';

function environment(webUrl: string): GatewayEnvironment {
  return Object.assign(new GatewayEnvironment(), { WEB_URL: webUrl });
}

function headersFor(webUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value), removeHeader: () => undefined } as unknown as ServerResponse;
  securityHeaders(environment(webUrl))({} as IncomingMessage, res, () => undefined);
  return headers;
}

describe('security settings that depend on https', () => {
  it('adds HSTS and upgrade-insecure-requests only when the portal is served over https', () => {
    const secure = headersFor('https://portal.example.com');
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(secure['content-security-policy']).toContain('connect-src \'self\' wss://portal.example.com');
    const plain = headersFor('http://localhost:3000');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('marks the refresh cookie Secure only over https', async () => {
    // The Set-Cookie header as a client gets it.
    const setCookie = async (webUrl: string) => {
      const app = Fastify();
      await app.register(fastifyCookie, { hook: false });
      const cookie = new RefreshCookie({ environment: environment(webUrl), jwtPublicKey: '' });
      app.post('/api/v1/auth/login', (_request, reply) => {
        cookie.set(reply, 'token');
        return reply.send({});
      });
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login' });
      await app.close();
      return String(response.headers['set-cookie']);
    };
    const secure = await setCookie('https://portal.example.com');
    const plain = await setCookie('http://localhost:3000');
    expect(secure).toMatch(/^portal_refresh=token; /);
    expect(secure.split('; ')).toEqual(expect.arrayContaining(['Max-Age=1209600', 'Path=/api/v1/auth', 'HttpOnly', 'Secure', 'SameSite=Strict']));
    expect(secure).toMatch(/; Expires=\w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT/);
    expect(plain.split('; ')).toEqual(expect.arrayContaining(['Max-Age=1209600', 'Path=/api/v1/auth', 'HttpOnly', 'SameSite=Strict']));
    expect(plain).not.toContain('Secure');
  });
});
