import { can, MENU_ITEMS, type Principal } from '#shared/permissions';

const ORIGIN = 'http://console.invalid';

/**
 * The console page a `?next=` asks for, as path + query + hash, when it is one of our console screens;
 * undefined for anything else (another site, '//host', '/\host', a public page, an unknown path).
 */
export function consoleReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  if (!MENU_ITEMS.some((item) => item.path === url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in: the asked-for page when the user may open it, else the Overview. */
export function returnPathFor(raw: string | null | undefined, principal: Principal | undefined): string {
  const path = consoleReturnPath(raw);
  if (!path) return '/';
  const item = MENU_ITEMS.find((i) => i.path === new URL(path, ORIGIN).pathname);
  return item && can(principal, item.action) ? path : '/';
}

/** /signin with the page to come back to. */
export const signInPathFor = (location: { pathname: string; search?: string; hash?: string }): string => {
  const next = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return consoleReturnPath(next) && location.pathname !== '/'
    ? `/signin?next=${encodeURIComponent(next)}`
    : '/signin';
};
