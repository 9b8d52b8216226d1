/**
 * Set by the web app while a session is stored, so the server answers '/' with the console shell rather than
 * the prerendered marketing page (ADR 011). Only a hint: it grants nothing, and a stale one costs nothing.
 */
export const SIGNED_IN_HINT_COOKIE = 'servc_signed_in';
