/**
 * An instant PostgreSQL reads back: JavaScript writes UTC years before 1 or after 9999 in forms its timestamp
 * input refuses (year 0000, +010000), which was a 500.
 */
export function isStorableInstant(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}
