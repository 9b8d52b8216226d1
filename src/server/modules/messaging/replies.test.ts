import { describe, expect, it } from 'vitest';
import { guessIntent, parseReply } from './replies';

describe('replies', () => {
  it('reads every opt-out word, alone and in any case', () => {
    for (const word of [
      'STOP',
      'stop',
      ' Stop ',
      'STOPALL',
      'unsubscribe',
      'Cancel',
      'END',
      'quit',
      'REVOKE',
      'optout',
    ])
      expect(parseReply(word)).toEqual({ type: 'opt_out', keyword: word.trim().toUpperCase() });
  });
  it('takes START, UNSTOP and YES as opt-in (carrier keywords), never as a confirmation', () => {
    for (const word of ['start', 'UNSTOP', 'Yes', 'YES!']) expect(parseReply(word).type).toBe('opt_in');
  });
  it('answers HELP and INFO', () => {
    expect(parseReply('help')).toEqual({ type: 'help' });
    expect(parseReply('INFO')).toEqual({ type: 'help' });
  });
  it('confirms on C, Y, 1, OK, confirm and the like', () => {
    for (const word of ['C', 'c', 'Y', '1', 'ok', 'OK.', 'confirm', 'Confirmed', 'yep', 'sure'])
      expect(parseReply(word)).toEqual({ type: 'confirm' });
  });
  it('reads N, X, 9 and no as the cancel reply; R and reschedule as reschedule', () => {
    for (const word of ['N', 'n', 'X', '9', 'No']) expect(parseReply(word)).toEqual({ type: 'cancel' });
    for (const word of ['R', 'r', 'Reschedule']) expect(parseReply(word)).toEqual({ type: 'reschedule' });
  });
  it('takes a keyword inside a sentence as free text, not as a command', () => {
    expect(parseReply('stop calling me at work please').type).toBe('free');
    expect(parseReply('C you then')).toEqual({ type: 'free', suggestedIntent: 'question' });
    expect(parseReply('no thanks')).toEqual({ type: 'free', suggestedIntent: 'confirm' });
  });
  it('guesses a free text’s intent by simple rules', () => {
    expect(guessIntent('Can we move it to Friday? I can’t make it')).toBe('reschedule');
    expect(guessIntent('I need to reschedule')).toBe('reschedule');
    expect(guessIntent('Please cancel my appointment')).toBe('cancel');
    expect(guessIntent("I won't be able to come")).toBe('cancel');
    expect(guessIntent('See you then, thanks!')).toBe('confirm');
    expect(guessIntent('Do you take Delta Dental?')).toBe('question');
    expect(guessIntent('Where do I park')).toBe('question');
  });
});
