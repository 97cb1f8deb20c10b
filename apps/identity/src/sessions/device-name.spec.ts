import { deviceName, displayAddress } from './device-name';

describe('naming the device of a session from its user agent', () => {
  it('names the browser with its major version, the system and, on phones, the device', () => {
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133, Windows 10');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome 131, Linux');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1')).toBe(
      'Safari 17, iOS 17.2, Apple iPhone',
    );
  });

  it('names nothing for an agent that is no browser, or none at all', () => {
    expect(deviceName('curl/8.4.0')).toBeNull();
    expect(deviceName('')).toBeNull();
    expect(deviceName(null)).toBeNull();
  });
});

describe('showing a session’s address', () => {
  it('shows an IPv4 client seen through an IPv6 socket as IPv4, and other addresses as they are', () => {
    expect(displayAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(displayAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(displayAddress('198.51.100.4')).toBe('198.51.100.4');
    expect(displayAddress(null)).toBeNull();
  });
});
