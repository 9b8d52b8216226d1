/** SQLSTATE 23505: a row broke a unique constraint. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a driver error, also when the ORM wraps it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error || (typeof e === 'object' && e !== null); e = (e as Error).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    if (!(e as Error).cause) break;
  }
  return undefined;
}

/** The constraint a driver error names (e.g. which exclusion constraint refused a row), also when wrapped. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as Error).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
