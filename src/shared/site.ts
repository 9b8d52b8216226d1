/**
 * Set by the web app while a session is stored, so the server answers '/' with the console shell rather than
 * the prerendered marketing page (ADR 011). Only a hint: it grants nothing, and a stale one costs nothing.
 */
export const SIGNED_IN_HINT_COOKIE = 'servc_signed_in';

/** The sign-in page (the web router and the server's list of app pages). */
export const SIGN_IN_PATH = '/signin';
