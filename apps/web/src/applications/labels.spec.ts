import { formatSize, formatUsd, statusColor } from './labels';

describe('application labels', () => {
  it('colours statuses as spec 02 §4 says', () => {
    expect(statusColor('approved')).toBe('green');
    expect(statusColor('active')).toBe('green');
    expect(statusColor('pending')).toBe('gold');
    expect(statusColor('under_review')).toBe('gold');
    expect(statusColor('rejected')).toBe('red');
    expect(statusColor('draft')).toBe('default');
  });

  it('shows dollars with separators and file sizes', () => {
    expect(formatUsd('1500.00')).toBe('$1,500.00');
    expect(formatUsd(null)).toBe('—');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});
