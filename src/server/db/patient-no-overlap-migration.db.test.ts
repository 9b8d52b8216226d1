import { readdirSync, readFileSync } from 'node:fs';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firstPracticeId } from '../test/practice-number';
import { createTestApp, type TestApp } from '../test/test-app';
import { pgConstraint } from './pg-errors';
import { appointments, patients, providers } from './schema/index';

/** The migration that rules out a patient's overlapping appointments, on data made before the rule. */

const DRIZZLE = new URL('../../../drizzle/', import.meta.url);
const file = readdirSync(DRIZZLE).find((name) => name.endsWith('_appointments-patient-no-overlap.sql'))!;
const statements = readFileSync(new URL(file, DRIZZLE), 'utf8').split('--> statement-breakpoint');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

it('cancels the later of two overlapping appointments of one patient, with a note, then holds the rule', async () => {
  const db = t.database.db;
  const practiceId = await firstPracticeId(t);
  await db.execute(sql`alter table appointments drop constraint appointments_patient_no_overlap`);
  // A doctor each, so only the patient rule is at stake.
  const doctors = await db
    .insert(providers)
    .values(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((n) => ({
        practiceId,
        name: n,
        displayName: `Dr. ${n}`,
        kind: 'dentist' as const,
      })),
    )
    .returning();
  const doctor = (i: number) => doctors[i]!.id;
  const [ann, bo] = await db
    .insert(patients)
    .values([
      { practiceId, givenName: 'Ann', familyName: 'Lee', phone: '+12025550101' },
      { practiceId, givenName: 'Bo', familyName: 'Chen', phone: '+12025550102' },
    ])
    .returning();
  const at = (hm: string) => new Date(`2026-03-04T${hm}:00Z`);
  const row = (
    code: string,
    patientId: string,
    providerId: string,
    from: string,
    to: string,
    made: string,
  ) => ({
    practiceId,
    confirmationNumber: code,
    patientId,
    providerId,
    startsAt: at(from),
    endsAt: at(to),
    createdAt: at(made),
  });
  await db
    .insert(appointments)
    .values([
      row('FIRST1', ann!.id, doctor(0), '15:00', '15:30', '01:00'),
      row('LATER1', ann!.id, doctor(1), '15:15', '15:45', '02:00'),
      { ...row('GONE11', ann!.id, doctor(2), '14:45', '15:15', '00:30'), status: 'cancelled' as const },
      row('NEXTHF', ann!.id, doctor(3), '15:30', '16:00', '00:10'),
      row('OTHER1', bo!.id, doctor(4), '15:00', '15:30', '03:00'),
    ]);

  for (const statement of statements) await db.execute(sql.raw(statement));

  const rows = await db.select().from(appointments).orderBy(asc(appointments.confirmationNumber));
  const byCode = Object.fromEntries(rows.map((r) => [r.confirmationNumber, r]));
  // LATER1 overlaps FIRST1 (made earlier) and NEXTHF (made earlier still): it goes, nothing else does.
  expect(byCode.LATER1).toMatchObject({ status: 'cancelled' });
  expect(byCode.LATER1!.notes).toMatch(/overlapped appointment (FIRST1|NEXTHF)\.$/);
  for (const code of ['FIRST1', 'NEXTHF', 'OTHER1']) expect(byCode[code]!.status).toBe('pending');

  const refused = await db
    .insert(appointments)
    .values(row('AGAIN1', ann!.id, doctor(5), '15:00', '15:30', '04:00'))
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(pgConstraint(refused)).toBe('appointments_patient_no_overlap');
});
