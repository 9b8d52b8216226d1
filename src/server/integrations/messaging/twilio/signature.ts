import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's X-Twilio-Signature: base64(HMAC-SHA1(auth token, the URL Twilio requested + each POST parameter's
 * name and value, sorted by name, with nothing between)). `url` must be the public URL as Twilio called it
 * (behind a proxy, rebuilt from the configured public origin, not the request's Host).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
