import type { NewPatient, Patient, PracticeManagement } from './port';

/** Accents, case, spacing, and hyphens or apostrophes (Mary-Jane, Mary Jane; O'Neil, O Neil) do not tell names apart. */
const normalizeName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-\u2010-\u2015'\u2018\u2019`\u02bc]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

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
  // The caller may say the name the patient goes by ("Bob") where the record has Robert, or the other way round.
  const givenMatches = (p: Patient) =>
    [p.givenName, p.preferredName].some((name) => name !== undefined && normalizeName(name) === given);
  return candidates.find((p) => givenMatches(p) && normalizeName(p.familyName) === family);
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
