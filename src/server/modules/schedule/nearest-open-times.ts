import { format, parseISO } from 'date-fns';
import type { PracticeManagement, Slot } from '../../integrations/practice-management/port';
import { addMinutesToWall } from '../../lib/wall-time';

const SEARCH_DAYS = 7;
export const NEAREST_COUNT = 3;

/** Minutes between two practice wall times (both read the same way, so the zone cancels out). */
const distance = (a: string, b: string) => Math.abs(Date.parse(`${a}Z`) - Date.parse(`${b}Z`)) / 60_000;

/**
 * The open times nearest to `wallStart` (before or after it, never before now) over the week from its day,
 * in time order. One request per day, stopping once enough later times are found.
 */
export async function nearestOpenTimes(
  pms: Pick<PracticeManagement, 'openSlots'>,
  query: { wallStart: string; providerId: string; durationMinutes?: number; today: string },
  count = NEAREST_COUNT,
): Promise<Slot[]> {
  const day = query.wallStart.slice(0, 10);
  const found: Slot[] = [];
  for (let offset = -1; offset < SEARCH_DAYS; offset++) {
    const date = addMinutesToWall(`${day}T00:00:00`, offset * 1440).slice(0, 10);
    if (date < query.today) continue;
    const slots = await pms.openSlots({
      date,
      providerId: query.providerId,
      durationMinutes: query.durationMinutes,
    });
    found.push(...slots);
    if (found.filter((s) => s.startTime > query.wallStart).length >= count) break;
  }
  return found
    .sort((a, b) => distance(a.startTime, query.wallStart) - distance(b.startTime, query.wallStart))
    .slice(0, count)
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
}

const spoken = (wall: string) => format(parseISO(wall), "EEEE, MMMM d 'at' h:mm a");

/** "The nearest open times are …", or that there are none in the week. */
function nearestText(nearest: Slot[]): string {
  if (nearest.length === 0) return `There are no open times in the following ${SEARCH_DAYS} days.`;
  const times = nearest.map((s) => spoken(s.startTime));
  const list = times.length === 1 ? times[0] : `${times.slice(0, -1).join(', ')} or ${times.at(-1)}`;
  return `The nearest open times are ${list}.`;
}

/** What the screen shows and the receptionist says: closed then, and when it is open instead. */
export function closedMessage(wallStart: string, nearest: Slot[], providerName?: string): string {
  const closed = providerName
    ? `${providerName} does not see patients on ${spoken(wallStart)}.`
    : `The practice is closed on ${spoken(wallStart)}.`;
  return `${closed} ${nearestText(nearest)}`;
}

/** A move to a time that is not free: nothing changed, and the nearest times that are. */
export const movedNothingMessage = (wallStart: string, nearest: Slot[]): string =>
  `${spoken(wallStart)} is not free, so the appointment was not moved. ${nearestText(nearest)}`;

/** A move of a visit cancelled, kept or missed since it was read (during the call): no times to offer. */
export const NOT_MOVABLE_MESSAGE =
  'This appointment has been cancelled or has already taken place, so it cannot be moved.';

/** A move to a time that passed meanwhile: nothing changed, and no "not free" (it may be). */
export const passedTimeMessage = (wallStart: string): string =>
  `${spoken(wallStart)} has already passed, so the appointment was not moved. Please choose a later time.`;
