import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreCorpus, type CorpusItem, type ScoredField } from './corpus-score';

const items = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../../fixtures/processor/transcripts.json'),
    'utf8',
  ),
) as CorpusItem[];

// Floors the rules reach today on the corpus (all at 1.00 when written; docs/benchmarks.md has the figures):
// a change that loses accuracy fails here.
const FLOORS: Record<ScoredField, { precision: number; recall: number }> = {
  request: { precision: 0.97, recall: 0.97 },
  patientName: { precision: 0.95, recall: 0.95 },
  phoneNumber: { precision: 0.95, recall: 0.95 },
  email: { precision: 0.95, recall: 0.95 },
  preferredDate: { precision: 0.95, recall: 0.95 },
  preferredTime: { precision: 0.95, recall: 0.95 },
  appointmentType: { precision: 0.95, recall: 0.95 },
};

describe('transcript corpus', () => {
  it('has at least 160 transcripts, a quarter of them without a booking request', () => {
    expect(items.length).toBeGreaterThanOrEqual(160);
    expect(items.filter((i) => i.expected === null).length).toBeGreaterThanOrEqual(items.length / 4);
  });

  const score = scoreCorpus(items);
  if (process.env.CORPUS_MISSES) for (const m of score.misses) console.log(JSON.stringify(m));
  // CORPUS_SCORES=1 prints the per-field figures (F1 is the harmonic mean of precision and recall).
  if (process.env.CORPUS_SCORES)
    console.table(
      Object.fromEntries(
        Object.entries(score.fields).map(([field, s]) => [
          field,
          {
            precision: s.precision.toFixed(3),
            recall: s.recall.toFixed(3),
            f1: ((2 * s.precision * s.recall) / (s.precision + s.recall || 1)).toFixed(3),
          },
        ]),
      ),
    );
  it.each(Object.entries(FLOORS))('%s reaches its precision and recall floors', (field, floor) => {
    const got = score.fields[field as ScoredField];
    expect(got.precision, `${field} precision`).toBeGreaterThanOrEqual(floor.precision);
    expect(got.recall, `${field} recall`).toBeGreaterThanOrEqual(floor.recall);
  });
});
