import { i18n } from '../i18n/i18n';
import { formatDate, formatDateTime, setDateDisplay } from './date-format';

describe('date display', () => {
  afterEach(async () => {
    setDateDisplay({});
    await i18n.changeLanguage('en');
  });

  it('shows instants in the chosen time zone and language', async () => {
    setDateDisplay({ timeZone: 'America/Los_Angeles' });
    expect(formatDateTime('2026-03-01T02:30:00Z')).toBe('Feb 28, 2026, 06:30 PM');
    expect(formatDate('2026-03-01T02:30:00Z')).toBe('Feb 28, 2026');
    setDateDisplay({ timeZone: 'America/New_York' });
    expect(formatDate('2026-03-01T02:30:00Z')).toBe('Feb 28, 2026');
    setDateDisplay({ timeZone: 'America/Chicago' });
    await i18n.changeLanguage('de');
    expect(formatDate('2026-03-01T12:00:00Z')).toBe('01. März 2026');
  });

  it("follows the device's zone when no zone was picked (saved as null)", () => {
    const device = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(new Date('2026-03-01T02:30:00Z'));
    setDateDisplay({ timeZone: 'America/Los_Angeles' });
    setDateDisplay({ timeZone: null });
    expect(formatDate('2026-03-01T02:30:00Z')).toBe(device);
  });

  it('keeps a calendar date on its day wherever the customer is, and shows a dash for nothing', () => {
    setDateDisplay({ timeZone: 'America/Los_Angeles' });
    expect(formatDate('2026-03-01')).toBe('Mar 01, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
