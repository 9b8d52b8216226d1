import {
  addMinutesToWall,
  instantFromWall,
  minutesOfDay,
  parseHm,
  wallAt,
  wallFromInstant,
} from '../../lib/wall-time';

export interface CallingWindow {
  /** 'HH:MM' practice wall time. */
  start: string;
  end: string;
}

/**
 * Null when `now` is inside the window (calls may be placed); otherwise the instant the next window opens.
 * A window whose end is not after its start is empty (the settings refuse one).
 */
export function nextWindowStart(window: CallingWindow, timeZone: string, now: Date): Date | null {
  const start = parseHm(window.start) ?? 0;
  const end = parseHm(window.end) ?? 24 * 60;
  const wall = wallFromInstant(now, timeZone);
  const minute = minutesOfDay(wall);
  if (minute >= start && minute < end) return null;
  const today = wall.slice(0, 10);
  const date = minute < start ? today : addMinutesToWall(`${today}T00:00:00`, 24 * 60).slice(0, 10);
  return instantFromWall(wallAt(date, start), timeZone);
}
