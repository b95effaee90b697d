import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, deviceLabel, pushSupportOf, type BrowserFacts } from './push-device';

describe('a device is named after its browser and system', () => {
  const cases: [string, string, number?][] = [
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on iPad',
      5,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on Mac',
      0,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    ['', 'This browser'],
  ];
  it.each(cases)('%s → %s', (userAgent, label, touchPoints) => {
    expect(deviceLabel(userAgent, touchPoints)).toBe(label);
  });
});

describe('the server key becomes the bytes subscribe() wants', () => {
  it('decodes base64url with and without padding', () => {
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
    expect(Array.from(base64UrlToBytes('-_8='))).toEqual([0xfb, 0xff]);
    expect(Array.from(base64UrlToBytes('AQID'))).toEqual([1, 2, 3]);
  });

  it('gives the 65 bytes of an uncompressed P-256 point', () => {
    const key = `BA${'A'.repeat(85)}`;
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('refuses what is not base64url', () => {
    // Plain base64 is tolerated; a length no encoding gives is not.
    expect(() => base64UrlToBytes('ab+/')).not.toThrow();
    expect(() => base64UrlToBytes('not base64!')).toThrow();
    expect(() => base64UrlToBytes('A')).toThrow();
  });
});

describe('whether this browser can turn notifications on', () => {
  const all: BrowserFacts = { hasPushManager: true, hasNotification: true, hasServiceWorker: true, appleMobile: false, installed: false };
  it('is ready with push, notifications and a service worker', () => {
    expect(pushSupportOf(all)).toBe('ready');
  });
  it('asks an iPhone tab to add SWAZ to the Home Screen first', () => {
    expect(pushSupportOf({ ...all, hasPushManager: false, hasNotification: false, appleMobile: true })).toBe('install-first');
  });
  it('says an installed app or another browser without push cannot', () => {
    expect(pushSupportOf({ ...all, hasPushManager: false, appleMobile: true, installed: true })).toBe('unsupported');
    expect(pushSupportOf({ ...all, hasPushManager: false })).toBe('unsupported');
  });
});
