import { describe, expect, it } from 'vitest';
import type { Evidence } from '#shared/schemas/processor';
import { parseStructuredData } from '#shared/schemas/structured-data';
import { analyzeTranscript } from './analysis/analyze-transcript';
import { readCall } from './read-call';

// A Monday morning call (practice time), so "Thursday" and "the 12th" are days ahead of it.
const context = { callStartedAt: new Date('2026-03-09T14:00:00Z'), timeZone: 'America/New_York' };

/** Spoken so that the rules miss most of it: the name on its own line, the date as a weekday. */
const TRANSCRIPT = [
  'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help?',
  "User: My daughter's tooth has been bothering her, could someone look at it?",
  'AI: Of course. What is the patient’s name?',
  'User: Lucía Fernández.',
  'AI: And a number to reach you?',
  'User: Two one two, five five five, oh one nine eight.',
  'AI: I have Thursday at two thirty in the afternoon for an exam. Does that work?',
  'User: Yes please.',
].join('\n');

const words = (evidence: Evidence, transcript = TRANSCRIPT) =>
  Object.fromEntries(
    Object.entries(evidence).map(([field, ranges]) => [
      field,
      ranges.map((r) => transcript.slice(r.start, r.end)),
    ]),
  );

describe('readCall', () => {
  it('takes the platform extraction first and finds the words behind each of its values', () => {
    const { appointmentRequest, evidence } = readCall(
      TRANSCRIPT,
      {
        patientName: 'Lucía Fernández',
        phoneNumber: '(212) 555-0198',
        preferredDate: '2026-03-12',
        preferredTime: '14:30',
        appointmentType: 'dental_examination',
        isAppointmentRequest: true,
      },
      context,
    );
    expect(appointmentRequest).toEqual({
      patientName: 'Lucía Fernández',
      phoneNumber: '+12125550198',
      email: null,
      preferredDate: '2026-03-12',
      preferredTime: '14:30',
      appointmentType: 'dental_examination',
    });
    // Where the rules read the same value their ranges stand (with the caller's "Yes" to the offer).
    const said = words(evidence);
    expect(said).toMatchObject({
      patientName: ['Lucía Fernández'],
      phoneNumber: ['Two one two, five five five, oh one nine eight'],
      email: [],
    });
    expect(said.preferredDate).toContain('Thursday');
    expect(said.preferredTime?.[0]).toMatch(/^two thirty/);
    expect(said.appointmentType).not.toEqual([]);
  });

  it('ignores a value that does not parse, field by field, and the rules fill those fields', () => {
    const transcript = [
      "User: Hi, this is Nora Quinn, I'd like to book a cleaning on March 12th at 10 AM.",
      'AI: What number can we reach you at?',
      'User: Two one two, five five five, oh one nine eight.',
    ].join('\n');
    const rules = analyzeTranscript(transcript, context);
    const { appointmentRequest, evidence } = readCall(
      transcript,
      {
        patientName: 'N/A',
        phoneNumber: 'call me',
        email: 'not an email',
        preferredDate: '2026-02-30',
        preferredTime: '10am',
        appointmentType: 'cleaning',
        isAppointmentRequest: 'yes',
      },
      context,
    );
    expect(appointmentRequest).toEqual(rules.appointmentRequest);
    expect(evidence).toEqual(rules.evidence);
    expect(appointmentRequest).toMatchObject({ patientName: 'Nora Quinn', preferredDate: '2026-03-12' });
  });

  it('serves a call without an extraction with the rules alone', () => {
    for (const missing of [undefined, null, 'text', [], {}])
      expect(readCall(TRANSCRIPT, missing, context)).toEqual(analyzeTranscript(TRANSCRIPT, context));
  });

  it('keeps the rules’ own ranges where they read the same value, and no range for a value never said', () => {
    const transcript = "User: Hi, this is Nora Quinn, I'd like to book a cleaning on March 12th at 10 AM.";
    const rules = analyzeTranscript(transcript, context);
    const { appointmentRequest, evidence } = readCall(
      transcript,
      { patientName: 'Nora Quinn', email: 'nora@example.com', preferredTime: '10:00' },
      context,
    );
    expect(evidence.patientName).toEqual(rules.evidence.patientName);
    expect(evidence.preferredTime).toEqual(rules.evidence.preferredTime);
    expect(appointmentRequest?.email).toBe('nora@example.com');
    expect(evidence.email).toEqual([]);
    const other = 'User: Could I come in at 10:30 on March 12th for a cleaning?';
    const at1030 = readCall(other, { preferredTime: '10:00', isAppointmentRequest: true }, context);
    expect(at1030.appointmentRequest?.preferredTime).toBe('10:00');
    expect(at1030.evidence.preferredTime).toEqual([]);
  });

  it('answers no request when the extraction says so, and a request when only it sees one', () => {
    const booking = "User: Hi, this is Nora Quinn, I'd like to book a cleaning on March 12th at 10 AM.";
    expect(analyzeTranscript(booking, context).appointmentRequest).not.toBeNull();
    const declined = readCall(booking, { isAppointmentRequest: false }, context);
    expect(declined.appointmentRequest).toBeNull();
    expect(Object.values(declined.evidence).flat()).toEqual([]);
    const vague = 'User: The little one needs looking at, whenever Dr. Lee has a moment.';
    expect(analyzeTranscript(vague, context).appointmentRequest).toBeNull();
    expect(
      readCall(vague, { isAppointmentRequest: true, appointmentType: 'dental_checkup' }, context)
        .appointmentRequest,
    ).toMatchObject({ appointmentType: 'dental_checkup', patientName: null });
  });

  it('finds dates and times in their other spoken forms', () => {
    const cases: [string, Record<string, string>, Partial<Record<keyof Evidence, string[]>>][] = [
      [
        'User: Could I come in on the 12th of March, half past two? Email is nora at example dot com.',
        { preferredDate: '2026-03-12', preferredTime: '14:30', email: 'nora@example.com' },
        {
          preferredDate: ['12th of March'],
          preferredTime: ['half past two'],
          email: ['nora at example dot com'],
        },
      ],
      [
        'User: Tomorrow at 9, please, for a check-up.',
        { preferredDate: '2026-03-10', preferredTime: '09:00', appointmentType: 'dental_checkup' },
        { preferredDate: ['Tomorrow'], preferredTime: ['at 9'], appointmentType: ['check-up'] },
      ],
      [
        'User: 3/20 at 16:45 works.',
        { preferredDate: '2026-03-20', preferredTime: '16:45' },
        { preferredDate: ['3/20'], preferredTime: ['16:45'] },
      ],
    ];
    for (const [transcript, data, expected] of cases) {
      const { evidence } = readCall(transcript, { ...data, isAppointmentRequest: true }, context);
      expect(words(evidence, transcript), transcript).toMatchObject(expected);
    }
  });
});

describe('parseStructuredData', () => {
  it('keeps the fields that parse and reads the time as HH:MM', () => {
    expect(
      parseStructuredData({
        patientName: '  Nora Quinn ',
        preferredTime: '9:05',
        preferredDate: '2026-13-01',
        appointmentType: 'filling',
        extra: 'x',
      }),
    ).toEqual({ patientName: 'Nora Quinn', preferredTime: '09:05', appointmentType: 'filling' });
  });
});
