import { SIGNED_IN_HINT_COOKIE } from '#shared/site';

/** The hint that makes the server answer '/' with the console rather than the marketing page (ADR 011). */
export function writeSignedInHint(doc: Document, signedIn: boolean) {
  doc.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; path=/; max-age=${30 * 24 * 3600}; samesite=lax`
    : `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

export function hasSignedInHint(doc: Document): boolean {
  return doc.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}
