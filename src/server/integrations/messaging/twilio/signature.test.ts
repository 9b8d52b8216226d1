import { describe, expect, it } from 'vitest';
import { twilioSignature, urlForms, validTwilioSignature } from './signature';

// Twilio's documented example (webhook security).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};
const SIGNATURE = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

describe('the Twilio request signature', () => {
  it("computes Twilio's documented example, whatever the parameters' order", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(SIGNATURE);
    const reversed = Object.fromEntries(Object.entries(PARAMS).reverse());
    expect(twilioSignature(TOKEN, URL, reversed)).toBe(SIGNATURE);
  });

  it('accepts the right signature', () => {
    expect(validTwilioSignature(TOKEN, URL, PARAMS, SIGNATURE)).toBe(true);
  });

  it('refuses a wrong token, a changed parameter or URL, and a missing or mangled header', () => {
    expect(validTwilioSignature('54321', URL, PARAMS, SIGNATURE)).toBe(false);
    expect(validTwilioSignature(TOKEN, URL, { ...PARAMS, Digits: '1235' }, SIGNATURE)).toBe(false);
    expect(validTwilioSignature(TOKEN, URL, { ...PARAMS, Extra: '' }, SIGNATURE)).toBe(false);
    expect(validTwilioSignature(TOKEN, 'http://mycompany.com/myapp.php?foo=1&bar=2', PARAMS, SIGNATURE)).toBe(
      false,
    );
    expect(validTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(validTwilioSignature(TOKEN, URL, PARAMS, '')).toBe(false);
    expect(validTwilioSignature(TOKEN, URL, PARAMS, SIGNATURE.slice(0, -1))).toBe(false);
  });

  it("accepts the URL with or without its scheme's default port, as Twilio's validator does", () => {
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    const signedWithPort = twilioSignature(TOKEN, withPort, PARAMS);
    expect(validTwilioSignature(TOKEN, URL, PARAMS, signedWithPort)).toBe(true);
    expect(validTwilioSignature(TOKEN, withPort, PARAMS, SIGNATURE)).toBe(true);
    expect(validTwilioSignature('54321', URL, PARAMS, signedWithPort)).toBe(false);
    expect(urlForms('http://example.com/sms')).toEqual([
      'http://example.com/sms',
      'http://example.com:80/sms',
    ]);
    expect(urlForms('http://example.com:80/sms')).toEqual([
      'http://example.com:80/sms',
      'http://example.com/sms',
    ]);
    expect(urlForms('http://localhost:3000/sms')).toEqual(['http://localhost:3000/sms']);
    // 443 is not http's default port.
    expect(urlForms('http://example.com:443/sms')).toEqual(['http://example.com:443/sms']);
    expect(urlForms('https://[::1]/sms')).toEqual(['https://[::1]/sms', 'https://[::1]:443/sms']);
  });
});
