/** Typing a year digit by digit passes through years like 0002; those are not a choice yet. */
const MIN_YEAR = 1900;

/**
 * Whether a date field's value (`YYYY-MM-DD`, '' while incomplete) is a date someone chose, rather than one
 * passed through while typing its year.
 */
export function isChosenDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= MIN_YEAR;
}
