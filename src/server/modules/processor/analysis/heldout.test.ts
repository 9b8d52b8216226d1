import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppointmentRequestSchema } from '#shared/schemas/processor';
import { scoreCorpus, type CorpusItem } from './corpus-score';

// The held-out corpus (issue 20, section 3): written without looking at the rules and never tuned on, so its
// figures are the honest ones. The floor is the goal (F1 at least 0.90 per field), not a fit to it.
const F1_FLOOR = 0.9;
const items = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../../fixtures/processor/heldout.json'), 'utf8'),
) as CorpusItem[];

describe('held-out transcript corpus', () => {
  it('has at least 40 transcripts, a quarter or so of them without a booking request', () => {
    expect(items.length).toBeGreaterThanOrEqual(40);
    const withoutRequest = items.filter((i) => i.expected === null).length;
    expect(withoutRequest).toBeGreaterThanOrEqual(items.length * 0.2);
    expect(withoutRequest).toBeLessThanOrEqual(items.length * 0.35);
  });

  it('holds well-formed items: unique ids, marked held out, expected values in the request schema', () => {
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item.heldOut, item.id).toBe(true);
      expect(Number.isNaN(Date.parse(item.callStartedAt)), item.id).toBe(false);
      if (item.expected)
        expect(AppointmentRequestSchema.safeParse(item.expected).success, item.id).toBe(true);
    }
  });

  it('reaches F1 0.90 on every field (and prints precision, recall and F1)', () => {
    const score = scoreCorpus(items);
    const round = (n: number) => Math.round(n * 100) / 100;
    console.table(
      Object.fromEntries(
        Object.entries(score.fields).map(([field, s]) => [
          field,
          {
            precision: round(s.precision),
            recall: round(s.recall),
            f1: round(
              s.precision + s.recall === 0 ? 0 : (2 * s.precision * s.recall) / (s.precision + s.recall),
            ),
            tp: s.truePositives,
            fp: s.falsePositives,
            fn: s.falseNegatives,
          },
        ]),
      ),
    );
    if (process.env.CORPUS_MISSES) for (const m of score.misses) console.log(JSON.stringify(m));
    for (const [field, s] of Object.entries(score.fields)) {
      const f1 = s.precision + s.recall === 0 ? 0 : (2 * s.precision * s.recall) / (s.precision + s.recall);
      expect(f1, `${field} F1`).toBeGreaterThanOrEqual(F1_FLOOR);
    }
  });
});
