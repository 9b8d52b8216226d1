import { FIRST_AVAILABLE_PROVIDER, type SlotItem } from '#shared/schemas/schedule';
import { TimeTakenError, type Practice, type ScheduleService } from '../schedule/schedule.service';

/** How many free times a booking tries when others keep taking them first. */
export const BOOKING_ATTEMPTS = 3;

const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** The slot nearest to `wanted` (`HH:mm`), the earlier of two as near. */
export function nearestSlot(slots: SlotItem[], wanted: string): SlotItem | undefined {
  const target = minutes(wanted);
  return [...slots].sort(
    (a, b) =>
      Math.abs(minutes(a.time) - target) - Math.abs(minutes(b.time) - target) || a.time.localeCompare(b.time),
  )[0];
}

/**
 * Books the free time nearest to `wanted` on `date` with `provider` (the first available doctor when not
 * given), for the visit's length.
 * When another booking takes that time first, the next nearest free one is tried (the list read again), up to
 * `BOOKING_ATTEMPTS` times; then the last refusal is thrown. Undefined when nothing is free that day.
 */
export async function bookNearestFreeTime<R>(
  schedule: Pick<ScheduleService, 'slots'>,
  practice: Practice,
  request: { date: string; wanted: string; durationMinutes: number | undefined; provider?: string },
  book: (slot: SlotItem) => Promise<R>,
): Promise<R | undefined> {
  const lost = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const slots = await schedule.slots(
      practice,
      request.date,
      request.provider ?? FIRST_AVAILABLE_PROVIDER,
      request.durationMinutes,
    );
    const slot = nearestSlot(
      slots.filter((s) => !lost.has(s.time)),
      request.wanted,
    );
    if (!slot) return undefined;
    try {
      return await book(slot);
    } catch (error) {
      if (!(error instanceof TimeTakenError) || attempt >= BOOKING_ATTEMPTS) throw error;
      lost.add(slot.time);
    }
  }
}
