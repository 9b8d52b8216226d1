import type { NewPatient, Patient, PracticeManagement } from './port';

const normalizeName = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Family members often share one phone, so a phone match alone is not the same patient: the name must match
 * too, otherwise a new patient is created.
 */
export async function findOrCreatePatient(
  pms: Pick<PracticeManagement, 'findPatientsByPhone' | 'createPatient'>,
  input: NewPatient,
): Promise<Patient> {
  const given = normalizeName(input.givenName);
  const family = normalizeName(input.familyName);
  const candidates = await pms.findPatientsByPhone(input.phone);
  const match = candidates.find(
    (p) => normalizeName(p.givenName) === given && normalizeName(p.familyName) === family,
  );
  return match ?? pms.createPatient(input);
}
