/**
 * Marks a request the browser made on its own (polling, a refetch), not one the person asked for: the server
 * does not count it as use of the session, so a console left open still reaches its idle limit (ADR 025).
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';
