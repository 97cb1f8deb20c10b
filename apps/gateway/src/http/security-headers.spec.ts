import 'reflect-metadata';
import type { Request, Response } from 'express';
import { GatewayEnvironment } from '../config/gateway-environment';
import { RefreshCookie } from '../auth/refresh-cookie';
import { securityHeaders } from './security-headers';

function environment(webUrl: string): GatewayEnvironment {
  return Object.assign(new GatewayEnvironment(), { WEB_URL: webUrl });
}

function headersFor(webUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value), removeHeader: () => undefined } as unknown as Response;
  securityHeaders(environment(webUrl))({} as Request, res, () => undefined);
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

  it('marks the refresh cookie Secure only over https', () => {
    const cookies: [string, string, Record<string, unknown>][] = [];
    const res = { cookie: (name: string, value: string, options: Record<string, unknown>) => cookies.push([name, value, options]) } as unknown as Response;
    new RefreshCookie({ environment: environment('https://portal.example.com'), jwtPublicKey: '' }).set(res, 'token');
    new RefreshCookie({ environment: environment('http://localhost:3000'), jwtPublicKey: '' }).set(res, 'token');
    expect(cookies.map(([, , options]) => options.secure)).toEqual([true, false]);
    expect(cookies[0][2]).toMatchObject({ httpOnly: true, sameSite: 'strict', path: '/api/v1/auth', maxAge: 14 * 24 * 60 * 60 * 1000 });
  });
});
