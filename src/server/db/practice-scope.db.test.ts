import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 22: every table belongs to a practice (`practice_id`: not null, a foreign key to practices, the first
 * column of its indexes) unless it is one of these global tables, each for a stated reason.
 */
const GLOBAL_TABLES: Record<string, string> = {
  practices: 'the tenants themselves',
  sessions: "keyed by user; the user's practice is read with the session",
  login_attempts: 'sign-in limits are per e-mail and address, before anyone is known',
  demo_requests: "the vendor's sales leads, before a practice exists",
  appointment_types: "the spec's ten types, the same for every practice",
  sandbox_mails: "the built-in mail sandbox: the operator's view of what was sent",
};

/** practice_id may be null here, with the reason. */
const NULLABLE: Record<string, string> = {
  users: 'the operator belongs to no practice (a check constraint ties null to the role)',
  audit_events: 'platform entries (the operator, demo requests) are about no practice',
};

/**
 * Indexes that do not start with practice_id, with the reason (lookups by a globally unique key or by a
 * parent row that is itself one practice's). Primary keys are not checked: they are the row's identity.
 */
const NOT_PRACTICE_FIRST: Record<string, string> = {
  users_email_lower_idx: 'e-mail is globally unique (sign-in)',
  users_username_unique: 'usernames are globally unique',
  phone_numbers_number_unique: 'a number routes calls to one practice',
  calls_provider_id_idx: "the voice platform's call id is global",
  outbound_calls_vapi_call_id_idx: "the voice platform's call id is global",
  outbound_calls_status_idx: 'the dispatcher claims due calls across practices, then works per practice',
  appointments_patient_idx: "a patient's appointments (the patient is one practice's)",
  appointments_patient_no_overlap: "a patient's own appointments cannot overlap (exclusion constraint)",
  appointments_provider_no_overlap: "a provider's own appointments cannot overlap (exclusion constraint)",
  audit_events_actor_at_idx: "one user's entries (the user is one practice's)",
  callbacks_callId_unique: "one task per call (the call is one practice's)",
  messages_provider_idx: "Twilio's message sid is global (the status webhook finds the text by it)",
  sandbox_texts_providerId_unique: "the sandbox's message sid is global, as Twilio's",
  appointments_operatory_no_overlap: "a room's own appointments cannot overlap (exclusion constraint)",
  calls_customer_name_trgm_idx: 'trigram name search (GIN cannot lead with a uuid without btree_gin)',
  invitations_token_hash_idx: 'the link is looked up by its token before the practice is known',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const query = async <R extends Record<string, unknown>>(text: string) =>
  (await t.database.pool.query<R>(text)).rows;

it('gives every table but the global ones a practice_id: not null, a foreign key to practices', async () => {
  const tables = await query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const columns = await query<{ table_name: string; is_nullable: string }>(
    `select table_name, is_nullable from information_schema.columns
     where table_schema = 'public' and column_name = 'practice_id'`,
  );
  const foreignKeys = await query<{ table_name: string }>(
    `select c.conrelid::regclass::text as table_name from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
     where c.contype = 'f' and c.confrelid = 'practices'::regclass and a.attname = 'practice_id'`,
  );
  const column = new Map(columns.map((c) => [c.table_name, c]));
  const withKey = new Set(foreignKeys.map((f) => f.table_name));
  const problems: string[] = [];
  for (const { table_name: table } of tables) {
    if (table in GLOBAL_TABLES) {
      if (column.has(table)) problems.push(`${table}: listed as global but has practice_id`);
      continue;
    }
    const practiceId = column.get(table);
    if (!practiceId) problems.push(`${table}: no practice_id (or add it to GLOBAL_TABLES with a reason)`);
    else if (practiceId.is_nullable === 'YES' && !(table in NULLABLE))
      problems.push(`${table}: practice_id may be null`);
    if (practiceId && !withKey.has(table)) problems.push(`${table}: practice_id is not a foreign key`);
  }
  expect(problems).toEqual([]);
});

it("starts every index of a practice's table with practice_id, but for the listed global lookups", async () => {
  const indexes = await query<{ table_name: string; index_name: string; first_column: string | null }>(
    `select t.relname as table_name, i.relname as index_name, a.attname as first_column
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
     where n.nspname = 'public' and not x.indisprimary
       and exists (select 1 from information_schema.columns c
                   where c.table_schema = 'public' and c.table_name = t.relname and c.column_name = 'practice_id')`,
  );
  const problems = indexes
    .filter((index) => index.first_column !== 'practice_id' && !(index.index_name in NOT_PRACTICE_FIRST))
    .map(
      (index) =>
        `${index.table_name}.${index.index_name} starts with ${index.first_column ?? 'an expression'}`,
    );
  expect(problems).toEqual([]);
});
