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

const DEFAULT_PORTS: Record<string, string> = { https: '443', http: '80' };

/**
 * The URL as given and the same URL with its scheme's default port (https 443, http 80) added or removed:
 * Twilio may sign either form, and its own validator accepts both. Another port, or another scheme, has
 * one form only.
 */
export function urlForms(url: string): string[] {
  const match = /^(https?):\/\/([^/?#]*)(.*)$/is.exec(url);
  if (!match) return [url];
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const port = DEFAULT_PORTS[scheme.toLowerCase()]!;
  const hostEnd = authority.lastIndexOf(']') + 1;
  const portAt = authority.indexOf(':', Math.max(hostEnd, authority.lastIndexOf('@') + 1));
  if (portAt === -1) return [url, `${scheme}://${authority}:${port}${rest}`];
  if (authority.slice(portAt + 1) === port) return [url, `${scheme}://${authority.slice(0, portAt)}${rest}`];
  return [url];
}

/** Whether `header` signs the request, for the URL with or without its default port (compared in constant time). */
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  let valid = false;
  for (const form of urlForms(url)) {
    const expected = Buffer.from(twilioSignature(authToken, form, params));
    // Every form is compared, whatever an earlier one gave.
    if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
  }
  return valid;
}
