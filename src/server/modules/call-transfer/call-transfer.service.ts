import {
  CALL_TRANSFER_MESSAGES as M,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type CallTransferSettings,
  type UpdateCallTransferSettingsInputSchema,
  type Weekday,
} from '#shared/schemas/call-transfer';
import { phoneNumberProblem } from '#shared/phone';
import type { z } from 'zod';
import { badRequest } from '../../errors';
import { dialProblem, toE164 } from '../../lib/phone';
import { wallFromInstant } from '../../lib/wall-time';
import type { PracticeContext } from '../../practice';
import type { CallTransferRepo } from './call-transfer.repo';

/** Where a caller who asked for a person is put through now, or why not (words the assistant can say). */
export type TransferAnswer = { number: string; message: string } | { refused: string };

export const TRANSFER_MESSAGE = 'One moment please, I am putting you through to the practice.';
export const NO_TRANSFER_MESSAGE =
  'I am sorry, I cannot put you through to a person on this line. I can help you myself, or take a message ' +
  'so that the practice calls you back.';

/** "Monday to Friday" for a run of three or more days, else "Monday, Wednesday and Friday". */
function spokenDays(days: readonly Weekday[]): string {
  const indexes = days.map((day) => WEEKDAYS.indexOf(day));
  const run = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
  if (run && days.length > 2) return `${WEEKDAY_NAMES[days[0]!]} to ${WEEKDAY_NAMES[days.at(-1)!]}`;
  const names = days.map((day) => WEEKDAY_NAMES[day]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** '17:30' → '5:30 PM', '09:00' → '9 AM'. */
function spokenTime(hm: string): string {
  const [hours = 0, minutes = 0] = hm.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour = hours % 12 || 12;
  return minutes ? `${hour}:${String(minutes).padStart(2, '0')} ${suffix}` : `${hour} ${suffix}`;
}

export const closedMessage = (settings: Pick<CallTransferSettings, 'days' | 'start' | 'end'>) =>
  `I am sorry, nobody at the practice can take the call right now: someone answers ${spokenDays(settings.days)}, ` +
  `${spokenTime(settings.start)} to ${spokenTime(settings.end)}. I can help you myself, or take a message so ` +
  'that the practice calls you back.';

/** The weekday of a 'YYYY-MM-DD' date. */
const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

export function createCallTransferService({
  repo,
  answersCalls,
  now = () => new Date(),
}: {
  repo: CallTransferRepo;
  /** Whether one of our numbers (of any practice) is this E.164: the receptionist answers it. */
  answersCalls(e164: string): Promise<boolean>;
  now?: () => Date;
}) {
  /** The number in E.164, or a 400 naming what would keep a caller from reaching a person there. */
  async function transferNumber(raw: string): Promise<string> {
    const e164 = toE164(raw);
    if (!e164) {
      const problem = phoneNumberProblem(raw) ?? 'That is not a valid phone number.';
      throw badRequest(problem, { phoneNumber: problem });
    }
    const dial = dialProblem(raw);
    const problem = dial ? M[dial] : (await answersCalls(e164)) ? M.ownNumber : undefined;
    if (problem) throw badRequest(problem, { phoneNumber: problem });
    return e164;
  }

  return {
    settings: (practice: PracticeContext) => repo.settings(practice.id),

    /** The whole setting; the number is stored in E.164 (a 400 says what is wrong with one that is not). */
    async update(
      practice: PracticeContext,
      input: z.output<typeof UpdateCallTransferSettingsInputSchema>,
    ): Promise<CallTransferSettings> {
      const next: CallTransferSettings = {
        phoneNumber: input.phoneNumber === null ? null : await transferNumber(input.phoneNumber),
        days: input.days,
        start: input.start,
        end: input.end,
      };
      await repo.save(practice.id, next, now());
      return next;
    },

    /**
     * For a transfer request from a call to the practice: its number inside its hours (in its own time
     * zone), else why not.
     */
    async destination(practice: PracticeContext): Promise<TransferAnswer> {
      const settings = await repo.settings(practice.id);
      if (!settings.phoneNumber) return { refused: NO_TRANSFER_MESSAGE };
      const wall = wallFromInstant(now(), practice.timeZone);
      const time = wall.slice(11, 16);
      const open =
        settings.days.includes(weekdayOf(wall.slice(0, 10))) && time >= settings.start && time < settings.end;
      if (!open) return { refused: closedMessage(settings) };
      return { number: settings.phoneNumber, message: TRANSFER_MESSAGE };
    },
  };
}

export type CallTransferService = ReturnType<typeof createCallTransferService>;
