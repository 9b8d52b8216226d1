import * as chrono from 'chrono-node';
import { describe, expect, it, vi } from 'vitest';
import { analyzeTranscript } from './analyze-transcript';
import { wordsBefore } from './transcript-lines';

// Wraps chrono's parse to see what it is given (one of its rules reads all the text before each date).
vi.mock('chrono-node', async (original) => {
  const real = await original<typeof chrono>();
  return { ...real, parse: vi.fn(real.parse) };
});

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

  describe('reads the call as a dialogue', () => {
    it("takes the answer to the assistant's question as that field", () => {
      expect(
        analyse(
          'User: Hi, can I get a cleaning tomorrow?',
          'AI: Sure. And what time?',
          'User: Ten.',
          'AI: Can I get your name?',
          'User: jess thompson',
        ).appointmentRequest,
      ).toMatchObject({ patientName: 'Jess Thompson', preferredDate: '2026-11-19', preferredTime: '10:00' });
      // The surname asked for on its own joins the first name said before.
      expect(
        analyse(
          "User: Hi, it's for my son Sam, he needs a checkup.",
          "AI: Of course. What's Sam's last name?",
          'User: Ortega.',
        ).appointmentRequest?.patientName,
      ).toBe('Sam Ortega');
      expect(
        analyse(
          'User: I would like a root canal consultation. The surname is Kowalczyk.',
          'AI: And your first name?',
          'User: Marta.',
        ).appointmentRequest?.patientName,
      ).toBe('Marta Kowalczyk');
      expect(
        analyse('User: need a cleaning next week, any morning - kelsey park').appointmentRequest?.patientName,
      ).toBe('Kelsey Park');
    });

    it('takes one of several offers by its time, its day or its part of the day', () => {
      const pick = (line: string) =>
        analyse(
          'User: I need a checkup next week.',
          'AI: I have Monday at 10 AM or Tuesday at 3:30 PM.',
          `User: ${line}`,
        ).appointmentRequest;
      expect(pick('Ten is better.')).toMatchObject({ preferredDate: '2026-11-23', preferredTime: '10:00' });
      expect(pick('330 works')).toMatchObject({ preferredDate: '2026-11-24', preferredTime: '15:30' });
      expect(pick('The afternoon one, please.')).toMatchObject({ preferredTime: '15:30' });
      expect(pick('The later one.')).toMatchObject({ preferredDate: '2026-11-24', preferredTime: '15:30' });
      expect(pick("The Monday one, I'm busy Tuesday.")).toMatchObject({
        preferredDate: '2026-11-23',
        preferredTime: '10:00',
      });
    });

    it('reads a bare day of the month in the month being talked about', () => {
      expect(
        analyse(
          "User: I'm away until January, so I'd like a cleaning then.",
          'AI: What day in January suits you?',
          'User: The 12th, in the morning.',
        ).appointmentRequest,
      ).toMatchObject({ preferredDate: '2027-01-12', preferredTime: '09:00' });
    });

    it('names the patient, not the caller, when someone books for someone else', () => {
      expect(
        analyse(
          "User: Hi, I'd like to make an appointment for my daughter Sophie Turner, she needs a filling.",
          'AI: Can I have your name and number as the parent?',
          'User: Yes, my name is Michelle Turner and my number is 201 555 0166.',
        ).appointmentRequest,
      ).toMatchObject({ patientName: 'Sophie Turner', phoneNumber: '+12015550166' });
      expect(
        analyse(
          "User: Hi, this is Karen from Dr. Hollis's office. We have a patient who needs to see your endodontist.",
          "AI: What's the patient's name?",
          'User: Thomas Baker. Dr. Hollis thinks it needs a root canal.',
        ).appointmentRequest,
      ).toMatchObject({ patientName: 'Thomas Baker', appointmentType: 'root_canal' });
    });

    it('reads a request that never says book from the treatment, the symptom or the specialist', () => {
      expect(
        analyse(
          'User: My gums are receding and my dentist referred me to your periodontist.',
          'AI: Dr. Sato has Monday at 8 AM or Wednesday at 4 PM.',
          'User: 4 PM Wednesday.',
        ).appointmentRequest,
      ).toMatchObject({
        preferredDate: '2026-11-25',
        preferredTime: '16:00',
        appointmentType: 'periodontal_treatment',
      });
    });

    it('does not read a question about hours, prices or insurance as a request', () => {
      for (const question of [
        'User: What time do you close on Fridays?',
        'User: How much is a filling without insurance?',
        'User: Hello, I want to know if you accept the Medicaid. My daughter need a cleaning maybe next month.',
      ])
        expect(
          analyse(question, 'AI: Would you like to book a visit?', 'User: Not now, thank you.')
            .appointmentRequest,
          question,
        ).toBeNull();
      // A caller called Price is not asking about prices.
      expect(
        analyse("User: I'd like to come in this Saturday for a cleaning. I'm Devon Price.").appointmentRequest
          ?.patientName,
      ).toBe('Devon Price');
    });

    it('does not make a toothache the caller says is not urgent an emergency', () => {
      expect(
        analyse("User: I've had a bit of a toothache on and off, nothing urgent, but I'd like it looked at.")
          .appointmentRequest?.appointmentType,
      ).toBe('dental_examination');
      expect(
        analyse("User: This isn't an emergency, but a filling fell out. Can I come in next week?")
          .appointmentRequest?.appointmentType,
      ).toBe('filling');
    });

    it('follows corrections and reads spelled names', () => {
      expect(
        analyse(
          'User: I need my six month checkup, can I come Tuesday?',
          'AI: Tuesday, November 24th, I have 2 PM.',
          "User: No, sorry, I meant Thursday. Tuesday I'm working.",
        ).appointmentRequest?.preferredDate,
      ).toBe('2026-11-19');
      const name = (line: string) =>
        analyse('User: I want to book a cleaning.', line).appointmentRequest?.patientName;
      expect(name('User: My name is Yusuf, Y-U-S-U-F, Demir.')).toBe('Yusuf Demir');
      expect(name('User: Last name is Nguyen, N G U Y E N, first name Thao.')).toBe('Thao Nguyen');
      expect(name('User: My name is Jesús Ibáñez.')).toBe('Jesús Ibáñez');
    });

    it('reads British times and mobile numbers', () => {
      expect(
        analyse(
          "User: Could I book in for a scale and polish Friday? Half nine if you've got it.",
          'User: My mobile is oh seven seven double oh, nine double oh, one two three.',
        ).appointmentRequest,
      ).toMatchObject({
        preferredTime: '09:30',
        phoneNumber: '+447700900123',
        appointmentType: 'dental_cleaning',
      });
    });
  });

  it('reads a call transcript of one long line a few sentences at a time, and finds a date at its end', () => {
    const chat = 'User: Hello, can you hear me? AI: Yes, I can hear you, go ahead. ';
    const ask = 'User: I need a cleaning on Friday at 2:30 PM. My name is Jane Doe.';
    const transcript = chat.repeat(3_000) + ask;
    const parse = vi.mocked(chrono.parse);
    parse.mockClear();
    const { appointmentRequest, evidence } = analyzeTranscript(transcript, context);
    expect(appointmentRequest).toMatchObject({ preferredDate: '2026-11-20', preferredTime: '14:30' });
    const [date] = evidence.preferredDate!;
    expect(transcript.slice(date!.start, date!.end)).toBe('on Friday');
    expect(parse.mock.calls.length).toBeGreaterThan(1);
    expect(Math.max(...parse.mock.calls.map(([text]) => text.length))).toBeLessThanOrEqual(600);
  });

  it('reads the last words before a mention, whole, and never more than a couple of lines', () => {
    const text = `${'word '.repeat(100)}I finish work at`;
    const before = wordsBefore(text, text.length);
    expect(before.length).toBeLessThanOrEqual(160);
    expect(before).toMatch(/^ word word .* I finish work at$/);
    expect(wordsBefore('short text', 5)).toBe('short');
  });
});
