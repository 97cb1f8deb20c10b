import { formatAmount, formatSize, statusColor } from './labels';

describe('application labels', () => {
  it('colours statuses as spec 02 §4 says', () => {
    expect(statusColor('approved')).toBe('green');
    expect(statusColor('active')).toBe('green');
    expect(statusColor('pending')).toBe('gold');
    expect(statusColor('under_review')).toBe('gold');
    expect(statusColor('rejected')).toBe('red');
    expect(statusColor('draft')).toBe('default');
  });

  it('shows amounts in their own currency with separators, and file sizes', () => {
    expect(formatAmount('1500.00', 'USD')).toBe('$1,500.00');
    expect(formatAmount('1500.00', 'EUR')).toBe('€1,500.00');
    expect(formatAmount(null, 'EUR')).toBe('—');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});
