import type { NewPatient, Patient, PracticeManagement } from './port';

const normalizeName = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Family members often share one phone, so a phone match alone is not the same patient: the name must match
 * too.
 */
export async function findPatient(
  pms: Pick<PracticeManagement, 'findPatientsByPhone'>,
  input: NewPatient,
): Promise<Patient | undefined> {
  const given = normalizeName(input.givenName);
  const family = normalizeName(input.familyName);
  const candidates = await pms.findPatientsByPhone(input.phone);
  return candidates.find(
    (p) => normalizeName(p.givenName) === given && normalizeName(p.familyName) === family,
  );
}

/** The patient with this phone and name (see `findPatient`), else a new one (`created`). */
export async function findOrCreatePatient(
  pms: Pick<PracticeManagement, 'findPatientsByPhone' | 'createPatient'>,
  input: NewPatient,
): Promise<{ patient: Patient; created: boolean }> {
  const found = await findPatient(pms, input);
  return found
    ? { patient: found, created: false }
    : { patient: await pms.createPatient(input), created: true };
}
