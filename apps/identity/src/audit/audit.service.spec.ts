import { ServiceError } from '@portal/messaging';
import { auditPageSize } from './audit.service';

describe('audit page size', () => {
  it('defaults to 20', () => {
    expect(auditPageSize(undefined)).toBe(20);
    expect(auditPageSize('')).toBe(20);
  });

  it('takes numbers and numeric strings, capped at 100', () => {
    expect(auditPageSize(5)).toBe(5);
    expect(auditPageSize('50')).toBe(50);
    expect(auditPageSize(1000)).toBe(100);
  });

  it('refuses what is not a whole number from 1', () => {
    for (const bad of [0, -1, 2.5, 'ten']) expect(() => auditPageSize(bad)).toThrow(ServiceError);
  });
});
