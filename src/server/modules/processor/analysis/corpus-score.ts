import {
  APPOINTMENT_REQUEST_FIELDS,
  type AppointmentRequest,
  type AppointmentRequestField,
} from '#shared/schemas/processor';
import { analyzeTranscript } from './analyze-transcript';

/** One transcript of fixtures/processor/transcripts.json with the values a person reads from it. */
export interface CorpusItem {
  id: string;
  note: string;
  callStartedAt: string;
  timeZone: string;
  transcript: string;
  expected: AppointmentRequest | null;
  /** Written after the rules were tuned on the others, and never tuned on: the honest figures. */
  heldOut?: boolean;
}

export type ScoredField = AppointmentRequestField | 'request';
export interface FieldScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}
export interface CorpusScore {
  fields: Record<ScoredField, FieldScore>;
  misses: { id: string; field: ScoredField; expected: unknown; got: unknown }[];
}

/**
 * Precision and recall per field: a value found and equal to the expected one is a true positive, a value
 * found but wrong (or not expected at all) a false positive, an expected value not found or wrong a false
 * negative. `request` scores whether a request was detected at all.
 */
export function scoreCorpus(items: CorpusItem[]): CorpusScore {
  const counts = Object.fromEntries(
    [...APPOINTMENT_REQUEST_FIELDS, 'request'].map((f) => [f, { tp: 0, fp: 0, fn: 0 }]),
  ) as Record<ScoredField, { tp: number; fp: number; fn: number }>;
  const misses: CorpusScore['misses'] = [];
  for (const item of items) {
    const { appointmentRequest } = analyzeTranscript(item.transcript, {
      callStartedAt: new Date(item.callStartedAt),
      timeZone: item.timeZone,
    });
    const pairs: [ScoredField, unknown, unknown][] = [
      ['request', item.expected ? true : null, appointmentRequest ? true : null],
      ...APPOINTMENT_REQUEST_FIELDS.map((f): [ScoredField, unknown, unknown] => [
        f,
        item.expected?.[f] ?? null,
        appointmentRequest?.[f] ?? null,
      ]),
    ];
    for (const [field, expected, got] of pairs) {
      const c = counts[field];
      if (got !== null && got === expected) c.tp++;
      else {
        if (got !== null) c.fp++;
        if (expected !== null) c.fn++;
        if (got !== expected) misses.push({ id: item.id, field, expected, got });
      }
    }
  }
  const fields = Object.fromEntries(
    Object.entries(counts).map(([f, c]) => [
      f,
      {
        truePositives: c.tp,
        falsePositives: c.fp,
        falseNegatives: c.fn,
        precision: c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp),
        recall: c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn),
      },
    ]),
  ) as Record<ScoredField, FieldScore>;
  return { fields, misses };
}
