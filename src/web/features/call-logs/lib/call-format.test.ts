import { describe, expect, it } from 'vitest';
import {
  cutLogMessage,
  endedReasonLabel,
  formatCost,
  formatTotalDuration,
  parseTranscript,
  successEvaluationLabel,
} from './call-format';

describe('call formatting', () => {
  it('labels ended reasons: the four special ones, the rest with spaces and capitals', () => {
    expect(endedReasonLabel('customer-ended-call')).toBe('Customer Ended');
    expect(endedReasonLabel('assistant-ended-call')).toBe('Assistant Ended');
    expect(endedReasonLabel('silence-timed-out')).toBe('Silence Timeout');
    expect(endedReasonLabel('call-in-progress-error')).toBe('Call Error');
    expect(endedReasonLabel('call.in-progress.error-vapifault-openai-llm-failed')).toBe('Call Error');
    expect(endedReasonLabel('exceeded-max-duration')).toBe('Exceeded Max Duration');
    expect(endedReasonLabel(null)).toBe('–');
  });

  it('shows success evaluation as Pass, Fail or a dash', () => {
    expect(successEvaluationLabel('true')).toBe('Pass');
    expect(successEvaluationLabel(true)).toBe('Pass');
    expect(successEvaluationLabel('false')).toBe('Fail');
    expect(successEvaluationLabel(false)).toBe('Fail');
    expect(successEvaluationLabel('7/10')).toBe('Fail');
    expect(successEvaluationLabel(null)).toBe('–');
  });

  it('shows costs with 4 decimals and N/A for zero or absent', () => {
    expect(formatCost(0.0421)).toBe('$0.0421');
    expect(formatCost(1.5)).toBe('$1.5000');
    expect(formatCost(0)).toBe('N/A');
    expect(formatCost(null)).toBe('N/A');
  });

  it('cuts log messages to 100 characters', () => {
    expect(cutLogMessage('x'.repeat(100))).toBe('x'.repeat(100));
    expect(cutLogMessage('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
  });

  it('reads a transcript as AI and User lines', () => {
    expect(parseTranscript('AI: Hello.\nUser: Hi there\nand more\n\nAI: Bye')).toEqual([
      { speaker: 'AI', text: 'Hello.' },
      { speaker: 'User', text: 'Hi there and more' },
      { speaker: 'AI', text: 'Bye' },
    ]);
    expect(parseTranscript(null)).toEqual([]);
  });

  it('sums durations as m:ss under an hour, then in hours and minutes', () => {
    expect(formatTotalDuration(0)).toBe('0:00');
    expect(formatTotalDuration(125)).toBe('2:05');
    expect(formatTotalDuration(3599)).toBe('59:59');
    expect(formatTotalDuration(3600)).toBe('1 h 0 min');
    expect(formatTotalDuration(6671)).toBe('1 h 51 min');
    expect(formatTotalDuration(90_061)).toBe('25 h 1 min');
  });
});
