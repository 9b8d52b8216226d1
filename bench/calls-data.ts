// The calls of the Call Logs benchmark, generated in PostgreSQL (one INSERT … SELECT per 100,000 rows over
// generate_series), so a million calls take about a minute rather than an hour of row-by-row inserts.
import type { Pool } from 'pg';
import { createRandom } from '../src/server/db/seed/random';
import { demoCalls, FIRST_NAMES, LAST_NAMES } from '../src/server/db/seed/voice-data';

// The demo generator's names, and more (some accented) so many calls have realistic variety.
export const FIRST = [
  ...FIRST_NAMES,
  ...['José', 'Zoë', 'Chloé', 'Björn', 'Renée', 'Inés', 'Maël', 'Søren', 'Aaliyah', 'Mateo', 'Priya', 'Wei'],
  ...['Fatima', 'Omar', 'Hannah', 'Grace', 'Elijah', 'Camila', 'Nora', 'Leo', 'Yuki', 'Anaïs', 'François'],
  'Łucja',
];
export const LAST = [
  ...LAST_NAMES,
  ...['Müller', 'Núñez', 'Ångström', 'Nguyen', 'Kowalski', 'O’Brien', 'Dubois', 'Rossi', 'Papadopoulos'],
  ...['Okafor', 'Haddad', 'Schmidt', 'Fernández', 'Patel', 'Kim', 'Yamamoto', 'Novák', 'Lindqvist'],
  ...['Sánchez', 'Costa', 'Ivanova', 'Jensen', 'Bianchi', 'Żak', 'Hernández', 'Mitchell', 'Perez', 'Roberts'],
  ...['Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards'],
];
export const AREA_CODES = ['212', '646', '917', '718', '347', '929'];

/** Distinct call shapes (transcript, messages, costs, status); each generated call takes one of them. */
const TEMPLATES = 500;
const BATCH = 100_000;

/**
 * `count` calls of `practiceId` over the last year, in time order (as the ingest writes them), on the practice's
 * numbers and assistants, each with a name from FIRST × LAST (also in its transcript) and a random New York
 * number; the same rows every run (`setseed`). Then `vacuum analyze`, the state autovacuum leaves a settled
 * table in (statistics, and the visibility map index-only scans rely on).
 */
export async function seedCalls(pool: Pool, practiceId: string, count: number): Promise<void> {
  const templates = demoCalls(createRandom(13), new Date(), TEMPLATES + 2)
    .slice(2) // the first two are live calls
    .map(({ createdAt: _createdAt, customerNumber: _number, ...call }, k) => ({ ...call, k }));
  const client = await pool.connect();
  try {
    // A batch takes seconds, more on a busy machine: the pool's statement timeout (30 s) is for requests.
    await client.query('set statement_timeout = 0');
    await client.query('select setseed(0.13)');
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done);
      // Each batch is a slice of the year, oldest first, so the table grows in time order as ingest makes it.
      await client.query(
        `insert into calls (practice_id, status, type, created_at, started_at, ended_at, duration_seconds,
                            ended_reason, cost, cost_breakdown, customer_name, customer_number, transcript, summary,
                            messages, analysis, phone_number_id, assistant_id)
         select $1, t.status, t.type, g.at, g.at, g.at + t.duration_seconds * interval '1 second', t.duration_seconds,
                t.ended_reason, t.cost, t.cost_breakdown, g.name, g.number, replace(t.transcript, t.customer_name, g.name),
                t.summary, t.messages, t.analysis, n.id, a.id
         from (
           select now() - interval '365 days' * (1 - ($6::float8 + i) / $8) as at,
                  ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] || ' ' ||
                    ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] as name,
                  '+1' || ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] ||
                    (2000000 + floor(random() * 8000000))::int as number,
                  floor(random() * $9)::int as k
           from generate_series(1, $7) i
         ) g
         join jsonb_to_recordset($5::jsonb) as t(k int, status text, type text, duration_seconds float8,
              ended_reason text, cost float8, cost_breakdown jsonb, customer_name text, transcript text,
              summary text, messages jsonb, analysis jsonb, "numberIndex" int, "assistantIndex" int) using (k)
         left join (select id, (row_number() over (order by created_at, id) - 1)::int as i
                    from phone_numbers where practice_id = $1) n on n.i = t."numberIndex"
         left join (select id, (row_number() over (order by created_at, id) - 1)::int as i
                    from assistants where practice_id = $1) a on a.i = t."assistantIndex"
         order by g.at`,
        [practiceId, FIRST, LAST, AREA_CODES, JSON.stringify(templates), done, size, count, TEMPLATES],
      );
    }
    await client.query('vacuum analyze calls');
  } finally {
    await client.query('reset statement_timeout');
    client.release();
  }
}
