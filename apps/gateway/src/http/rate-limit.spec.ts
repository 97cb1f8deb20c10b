import 'reflect-metadata';
import { GatewayConfig, GatewayEnvironment } from '../config/gateway-environment';
import { rateLimitRule } from './rate-limit';

const config: GatewayConfig = { environment: new GatewayEnvironment(), jwtPublicKey: 'unused' };

describe('rateLimitRule', () => {
  it('gives each email-sending auth endpoint its own strict counter', () => {
    expect(rateLimitRule('POST', '/api/v1/auth/signup', config)).toEqual({ name: 'signup', limit: 20 });
    expect(rateLimitRule('POST', '/api/v1/auth/resend-confirmation', config)).toEqual({ name: 'resend-confirmation', limit: 20 });
    expect(rateLimitRule('POST', '/API/v1/auth/password-reset/', config)).toEqual({ name: 'password-reset', limit: 20 });
  });

  it('gives sign-in and refresh their own counters', () => {
    expect(rateLimitRule('POST', '/api/v1/auth/login', config)).toEqual({ name: 'login', limit: 60 });
    expect(rateLimitRule('POST', '/api/v1/auth/refresh', config)).toEqual({ name: 'refresh', limit: 60 });
  });

  it('counts the rest of the API together and leaves everything else alone', () => {
    expect(rateLimitRule('GET', '/api/v1/me', config)).toEqual({ name: 'api', limit: 600 });
    expect(rateLimitRule('GET', '/api/v1/auth/login', config)).toEqual({ name: 'api', limit: 600 });
    expect(rateLimitRule('GET', '/api/docs', config)).toEqual({ name: 'api', limit: 600 });
    expect(rateLimitRule('GET', '/health/ready', config)).toBeNull();
    expect(rateLimitRule('GET', '/app/dashboard', config)).toBeNull();
    expect(rateLimitRule('GET', '/apis', config)).toBeNull();
  });
});
