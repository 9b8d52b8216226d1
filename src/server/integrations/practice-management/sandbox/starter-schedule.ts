import { eq } from 'drizzle-orm';
import type { PracticeType } from '#shared/schemas/practices';
import type { Db } from '../../../db/client';
import { starterScheduleLock } from '../../../db/locks';
import { operatories, practices, providers, providerWorkingHours } from '../../../db/schema/index';
import type { ProviderKind } from '../port';

/**
 * A practice that links the built-in schedule before it has one gets a starter schedule, so it can book from
 * the first minute: a provider or two named for the kind of practice, a room each, open Monday to Friday
 * 09:00–12:00 and 13:00–17:00 in the practice's time zone. A practice that already has providers (the demo
 * practices, one that linked before) keeps its own.
 */

interface StarterSchedule {
  providers: readonly { name: string; kind: ProviderKind }[];
  rooms: readonly string[];
}

// Non-dental providers take the two kinds the schema knows: the clinician is 'dentist', an assistant 'hygienist'.
const STARTERS: Record<PracticeType, StarterSchedule> = {
  'dental-practices': {
    providers: [
      { name: 'Dentist', kind: 'dentist' },
      { name: 'Hygienist', kind: 'hygienist' },
    ],
    rooms: ['Operatory 1', 'Operatory 2'],
  },
  'medical-clinics': { providers: [{ name: 'Doctor', kind: 'dentist' }], rooms: ['Exam Room 1'] },
  'veterinary-clinics': { providers: [{ name: 'Veterinarian', kind: 'dentist' }], rooms: ['Exam Room 1'] },
  'spas-wellness': { providers: [{ name: 'Therapist', kind: 'dentist' }], rooms: ['Treatment Room 1'] },
};

const WEEKDAYS = [1, 2, 3, 4, 5];
const BLOCKS = [
  { startMinute: 9 * 60, endMinute: 12 * 60 },
  { startMinute: 13 * 60, endMinute: 17 * 60 },
];

/** True when it made the starter schedule; false when the practice has providers already. */
export async function startBuiltInSchedule(db: Db, practiceId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(starterScheduleLock(practiceId));
    const [existing] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.practiceId, practiceId))
      .limit(1);
    if (existing) return false;
    const [practice] = await tx
      .select({ practiceType: practices.practiceType })
      .from(practices)
      .where(eq(practices.id, practiceId));
    if (!practice) return false;
    const starter = STARTERS[practice.practiceType];
    const made = await tx
      .insert(providers)
      .values(starter.providers.map((p) => ({ ...p, displayName: p.name, practiceId })))
      .returning({ id: providers.id });
    await tx
      .insert(operatories)
      .values(starter.rooms.map((name) => ({ name, displayName: name, practiceId })));
    await tx
      .insert(providerWorkingHours)
      .values(
        made.flatMap(({ id }) =>
          WEEKDAYS.flatMap((weekday) => BLOCKS.map((b) => ({ ...b, weekday, providerId: id, practiceId }))),
        ),
      );
    return true;
  });
}
