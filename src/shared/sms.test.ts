import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  LONGEST_VALUES,
  renderTemplate,
  TEMPLATE_KINDS,
  templateProblems,
} from './schemas/messaging';
import { fitsOneSegment, smsLength } from './sms';

const practice = { practiceName: 'Bright Smile Dental', practicePhone: '(555) 555-0100' };

describe('smsLength', () => {
  it('counts GSM-7 places, extension characters twice', () => {
    expect(smsLength('Hello')).toEqual({ encoding: 'GSM-7', characters: 5, segments: 1 });
    expect(smsLength('a{b}€')).toEqual({ encoding: 'GSM-7', characters: 8, segments: 1 });
  });

  it('splits at 160, then 153 per segment', () => {
    expect(smsLength('x'.repeat(160)).segments).toBe(1);
    expect(smsLength('x'.repeat(161)).segments).toBe(2);
    expect(smsLength('x'.repeat(306)).segments).toBe(2);
    expect(smsLength('x'.repeat(307)).segments).toBe(3);
  });

  it('turns the whole text UCS-2 for one character outside GSM-7', () => {
    expect(smsLength('Thanks 🙂')).toEqual({ encoding: 'UCS-2', characters: 9, segments: 1 });
    expect(smsLength(`${'x'.repeat(70)}’`).segments).toBe(2);
    expect(fitsOneSegment(`${'x'.repeat(60)}’`)).toBe(false);
  });
});

describe('templates', () => {
  it('ship defaults that keep every rule for the demo practice', () => {
    for (const kind of TEMPLATE_KINDS)
      expect(templateProblems(kind, DEFAULT_TEMPLATES[kind], practice)).toEqual([]);
  });

  it('refuse what breaks a rule, naming it', () => {
    expect(
      templateProblems('reminder', 'Hi {firstName}, see you {day}. Reply STOP to opt out.', practice),
    ).toEqual(['The reminder text must name the practice: include {practiceName}']);
    expect(templateProblems('reminder', '{practiceName}: see you {day} at {time}.', practice)[0]).toMatch(
      /opt out/,
    );
    expect(
      templateProblems(
        'confirmation',
        `{practiceName} ${'x'.repeat(150)} Reply STOP to opt out.`,
        practice,
      )[0],
    ).toMatch(/one text message/);
    expect(templateProblems('followup', 'Your {appointmentType} is done', practice)[0]).toMatch(
      /not a placeholder/,
    );
    expect(templateProblems('followup', 'How was your cleaning, {firstName}?', practice)[0]).toMatch(
      /remove "cleaning"/,
    );
    expect(
      templateProblems('followup', 'How was your Deep Scaling?', {
        ...practice,
        appointmentTypes: ['Deep scaling'],
      })[0],
    ).toMatch(/remove "deep scaling"/);
    expect(templateProblems('followup', 'Hi {first name}, how was it?', practice)[0]).toBe(
      '{first name} is not a placeholder: use {firstName}, {day}, {time}, {practiceName}, {practicePhone}, {confirmationNumber}',
    );
    for (const broken of ['Hi {firstName, how was it?', 'Hi firstName}, how was it?', 'Hi {{firstName}}'])
      expect(templateProblems('followup', broken, practice)).toContain(
        'Braces are only for placeholders: close each one, as in {firstName}, or remove the brace',
      );
    expect(templateProblems('reminder', '{confirmationNumber}', practice)).toContain(
      '{confirmationNumber} can only be used in the booking confirmation',
    );
  });

  it('render the placeholders, cutting long first names', () => {
    expect(renderTemplate('{firstName} {day} {unknown}', { firstName: 'Maximilianusz', day: 'Monday' })).toBe(
      'Maximilianus Monday {unknown}',
    );
    expect(renderTemplate(DEFAULT_TEMPLATES.reminder, { ...LONGEST_VALUES, ...practice })).toContain(
      'Bright Smile Dental',
    );
  });
});
