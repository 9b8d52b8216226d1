import { describe, expect, it } from 'vitest';
import { analyzeTranscript } from './analyze-transcript';

// Wednesday 18 November 2026, 10:00 in New York.
const context = { callStartedAt: new Date('2026-11-18T15:00:00Z'), timeZone: 'America/New_York' };
const analyse = (...lines: string[]) => {
  const transcript = lines.join('\n');
  const result = analyzeTranscript(transcript, context);
  const words = Object.fromEntries(
    Object.entries(result.evidence).map(([field, ranges]) => [
      field,
      ranges.map((r) => transcript.slice(r.start, r.end)),
    ]),
  );
  return { ...result, words };
};

describe('analyzeTranscript', () => {
  it('reads a request and points at the words behind every field', () => {
    const { appointmentRequest, words } = analyse(
      'AI: Bright Smile Dental, how can I help you today?',
      'User: Hi, my name is Jane Doe. I need a cleaning.',
      'AI: What number can we reach you at?',
      'User: Five five five, two one three, oh four five six.',
      'AI: And an e-mail?',
      'User: jane dot doe at gmail dot com',
      'AI: I have Friday at 2:30 PM. Does that work?',
      'User: Yes, that works.',
    );
    expect(appointmentRequest).toEqual({
      patientName: 'Jane Doe',
      phoneNumber: '+15552130456',
      email: 'jane.doe@gmail.com',
      preferredDate: '2026-11-20',
      preferredTime: '14:30',
      appointmentType: 'dental_cleaning',
    });
    expect(words).toEqual({
      patientName: ['Jane Doe'],
      phoneNumber: ['Five five five, two one three, oh four five six'],
      email: ['jane dot doe at gmail dot com'],
      preferredDate: ['Friday', 'Yes'],
      preferredTime: ['2:30 PM', 'Yes'],
      appointmentType: ['cleaning'],
    });
  });

  it('gives null for a call with no request, and null fields for what the call does not say', () => {
    expect(analyse('User: What are your hours on Saturday?', 'AI: 9 to 1.').appointmentRequest).toBeNull();
    expect(analyse('User: I want to book a checkup.').appointmentRequest).toEqual({
      patientName: null,
      phoneNumber: null,
      email: null,
      preferredDate: null,
      preferredTime: null,
      appointmentType: 'dental_checkup',
    });
  });

  it('takes the last value when the caller changes their mind', () => {
    const { appointmentRequest } = analyse(
      'User: This is Tom Walsh, can I come in Friday at 9 for a checkup?',
      'AI: Friday at 9 AM is available.',
      "User: Oh wait, actually Friday's bad. Make it Thursday, same time.",
    );
    expect(appointmentRequest).toMatchObject({ preferredDate: '2026-11-19', preferredTime: '09:00' });
  });

  it('reads relative dates and spoken times from when the call started, in the practice time zone', () => {
    const cases: [string, string | null, string | null][] = [
      ['User: I need an exam tomorrow around 10.', '2026-11-19', '10:00'],
      ['User: I need an exam next Tuesday at half past two.', '2026-11-24', '14:30'],
      ['User: I need an exam on the 3rd in the afternoon.', '2026-12-03', '14:00'],
      ['User: I need an exam December 3rd at quarter to four.', '2026-12-03', '15:45'],
      ['User: I need an exam the day after tomorrow at noon.', '2026-11-20', '12:00'],
      ['User: I need an exam, I was in last Tuesday.', null, null],
    ];
    for (const [line, date, time] of cases)
      expect(analyse(line).appointmentRequest, line).toMatchObject({
        preferredDate: date,
        preferredTime: time,
      });
    // 22:30 on Friday in New York is already Saturday in UTC: "tomorrow" is Saturday the 21st.
    const late = analyzeTranscript('User: Can I book a cleaning tomorrow?', {
      callStartedAt: new Date('2026-11-21T03:30:00Z'),
      timeZone: 'America/New_York',
    });
    expect(late.appointmentRequest?.preferredDate).toBe('2026-11-21');
  });

  it('reads phone numbers spoken with oh, double and tens, or written with separators, from the caller only', () => {
    const phone = (line: string) =>
      analyse('User: I want to book a cleaning.', line).appointmentRequest?.phoneNumber;
    expect(phone('User: Eight one eight, five five five, double four, seven two.')).toBe('+18185554472');
    expect(phone('User: It is five five five, two oh one, forty five sixty seven.')).toBe('+15552014567');
    expect(phone('User: (646) 555-0199')).toBe('+16465550199');
    expect(phone('AI: Is 720 555 0133 still your number?')).toBeNull();
    expect(phone('User: Oh, it is the number I am calling from.')).toBeNull();
  });

  it('maps what people say to the ten appointment types', () => {
    const type = (line: string) => analyse(`User: ${line}`).appointmentRequest?.appointmentType;
    expect(type('My tooth is killing me, can someone see me?')).toBe('emergency_dental');
    expect(type('I want to get braces.')).toBe('orthodontic_consultation');
    expect(type('I need a deep cleaning.')).toBe('periodontal_treatment');
    expect(type('I need my wisdom teeth out, can I book that?')).toBe('oral_surgery');
    expect(type('I would like to book a root canal consultation.')).toBe('root_canal');
    expect(type("I'd like to book a whitening.")).toBe('teeth_whitening');
    expect(type('I think I have a cavity, can I come in?')).toBe('filling');
  });
});
