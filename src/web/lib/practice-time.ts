/**
 * A moment as the practice's wall time, with the zone's name ("Mar 2, 2026, 10:04 AM EST"; without the year,
 * "Mar 2, 10:04 AM EST"), so staff read the practice's time wherever they sit. Each list response carries the
 * practice's `timeZone`; until it is known, the browser's zone.
 */
export function formatPracticeTime(
  iso: string | null | undefined,
  timeZone: string | undefined,
  { year = true }: { year?: boolean } = {},
): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: year ? 'numeric' : undefined,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}
