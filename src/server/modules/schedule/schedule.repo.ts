import { and, asc, eq, like, ne, or, sql } from 'drizzle-orm';
import { SANDBOX_CONNECTOR_ID } from '#shared/schemas/connectors';
import type { TableChanges } from '../../db/changes';
import type { Db, Queryable } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import {
  appointmentChanges,
  appointmentTypes,
  connectors,
  outcomeSyncs,
  pendingAppointmentRequests,
  phoneMappings,
  phoneNumbers,
  practices,
  visits,
  type OutcomeOrigin,
  type VisitOutcome,
} from '../../db/schema/index';
import type { PracticeContext } from '../../practice';

/** What the schedule needs of a connector to reach the practice system. */
export type PracticeConnector = Pick<typeof connectors.$inferSelect, 'name' | 'connectorId' | 'consumerId'>;
export type AppointmentTypeRecord = typeof appointmentTypes.$inferSelect;

/** A ledger line, and for a booking what the visit's row also keeps: the type booked and a new patient. */
export type NewAppointmentChange = Omit<
  typeof appointmentChanges.$inferInsert,
  'id' | 'practiceId' | 'at'
> & {
  appointmentType?: string;
  newPatient?: boolean;
};

/** What happened to one visit, and when the one who said so said it. */
export interface OutcomeRecord {
  appointmentRef: string;
  outcome: VisitOutcome;
  late: boolean;
  decidedAt: Date;
}

export type NewPendingRequest = Omit<
  typeof pendingAppointmentRequests.$inferInsert,
  'id' | 'practiceId' | 'status' | 'createdAt' | 'requestNumber'
>;

/** Who holds a called number: its practice, and the active connector its mapping names (if any). */
export interface CalledNumberHolder {
  practiceId: string;
  connector?: PracticeConnector;
}

/** A row of the calendar's week, as `weekRows` reads it (`rowMode: 'array'`, no Date objects). */
export type WeekRow = [
  id: string,
  startMs: number,
  endMs: number,
  wallStart: string,
  wallEnd: string,
  status: string,
  notes: string,
  confirmationNumber: string,
  appointmentType: string | null,
  patientId: string,
  givenName: string,
  familyName: string,
  providerId: string,
  providerName: string,
  operatoryId: string | null,
  operatoryName: string | null,
];

/**
 * The built-in schedule's appointments in [start, end) with what the calendar shows of each (ADR 062): the
 * sandbox adapter's `listAppointments` without its objects. Instants as epoch milliseconds, wall times from
 * PostgreSQL's zone data, one prepared statement.
 */
const WEEK_SQL = `
  select a.id, date_part('epoch', a.starts_at) * 1000, date_part('epoch', a.ends_at) * 1000,
         to_char(a.starts_at at time zone $4, 'YYYY-MM-DD"T"HH24:MI:SS'),
         to_char(a.ends_at at time zone $4, 'YYYY-MM-DD"T"HH24:MI:SS'),
         a.status, a.notes, a.confirmation_number, a.appointment_type, p.id, p.given_name, p.family_name,
         v.id, v.display_name, o.id, o.display_name
  from appointments a
  join patients p on p.id = a.patient_id
  join providers v on v.id = a.provider_id
  left join operatories o on o.id = a.operatory_id
  where a.practice_id = $1 and a.starts_at >= $2 and a.starts_at < $3
  order by a.starts_at, a.id`;

export function createScheduleRepo(db: Db, changes?: TableChanges) {
  // Reference data every voice webhook and schedule read needs; it changes only when staff edit it.
  // A number nobody holds and a word that is no type are kept too (ADR 061): callers repeat them.
  const holders = createReadCache<CalledNumberHolder | undefined>(
    changes,
    [phoneMappings, phoneNumbers, connectors],
    { keepMisses: true },
  );
  const types = createReadCache<AppointmentTypeRecord | undefined>(changes, [appointmentTypes], {
    keepMisses: true,
  });
  const labels = createReadCache<Map<string, string>>(changes, [appointmentTypes]);
  const practiceRows = createReadCache<PracticeContext | undefined>(changes, [practices]);

  /**
   * A number is held by the practice that mapped it, else by the practice that owns it among our phone
   * numbers (both globally unique). The mapping's connector counts only in that practice and while active.
   */
  async function holderOf(e164: string): Promise<CalledNumberHolder | undefined> {
    const [mapping] = await db
      .select({ practiceId: phoneMappings.practiceId, connectorId: phoneMappings.connectorId })
      .from(phoneMappings)
      .where(eq(phoneMappings.phoneNumber, e164));
    if (mapping) {
      const [connector] = await db
        .select({
          name: connectors.name,
          connectorId: connectors.connectorId,
          consumerId: connectors.consumerId,
        })
        .from(connectors)
        .where(
          and(
            eq(connectors.practiceId, mapping.practiceId),
            eq(connectors.connectorId, mapping.connectorId),
            eq(connectors.isActive, true),
          ),
        )
        .orderBy(asc(connectors.createdAt), asc(connectors.id))
        .limit(1);
      return { practiceId: mapping.practiceId, ...(connector && { connector }) };
    }
    const [owned] = await db
      .select({ practiceId: phoneNumbers.practiceId })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, e164));
    return owned;
  }

  async function practiceRow(id: string): Promise<PracticeContext | undefined> {
    const [row] = await db
      .select({
        id: practices.id,
        name: practices.name,
        timeZone: practices.timeZone,
        status: practices.status,
      })
      .from(practices)
      .where(eq(practices.id, id));
    return row;
  }

  async function appointmentTypeByKey(key: string): Promise<AppointmentTypeRecord | undefined> {
    const [row] = await db
      .select()
      .from(appointmentTypes)
      .where(
        or(eq(appointmentTypes.code, key), like(appointmentTypes.code, `%${key.replaceAll('_', '\\_')}%`)),
      )
      .orderBy(sql`${appointmentTypes.code} = ${key} desc`, asc(appointmentTypes.sortOrder))
      .limit(1);
    return row;
  }

  async function typeLabels(): Promise<Map<string, string>> {
    const rows = await db
      .select({ code: appointmentTypes.code, label: appointmentTypes.label })
      .from(appointmentTypes);
    return new Map(rows.map((r) => [r.code, r.label]));
  }

  return {
    /** The built-in schedule's appointments in the range, for the calendar's week (ADR 062). */
    async weekRows(practiceId: string, timeZone: string, range: { start: Date; end: Date }) {
      const { rows } = await db.$client.query<WeekRow>({
        name: 'schedule_week',
        text: WEEK_SQL,
        values: [practiceId, range.start, range.end, timeZone],
        rowMode: 'array',
      });
      return rows;
    },

    /** The practice holding a called number (E.164), with the active connector its mapping names. */
    holderOfNumber: (e164: string) => holders.get(e164, () => holderOf(e164)),

    /** A practice by id (jobs and webhooks that carry one). */
    practice: (id: string) => practiceRows.get(id, () => practiceRow(id)),

    /** A type by code, label or a word of it ("cleaning" → dental_cleaning). */
    appointmentType(value: string): Promise<AppointmentTypeRecord | undefined> {
      const key = value
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_');
      if (!key || /[%\\]/.test(key)) return Promise.resolve(undefined);
      return types.get(key, () => appointmentTypeByKey(key));
    },

    appointmentTypeLabels: () => labels.get('', typeLabels),

    /**
     * One line of the appointment ledger and the visit's row with it (`executor`: the change's own transaction,
     * when it has one). A booking's row takes its source (a call's refined by the outbound call behind it: a
     * recall, or a reminder or confirmation call), and the call it was made on, if already stored, with its
     * assistant and number (else analytics looks the call up when it reads the visit).
     */
    async recordChange(practiceId: string, change: NewAppointmentChange, executor: Queryable = db) {
      const { appointmentType, newPatient, ...line } = change;
      const [written] = await executor
        .insert(appointmentChanges)
        .values({ ...line, practiceId })
        .returning({ at: appointmentChanges.at });
      const at = written!.at;
      const ref = line.appointmentRef;
      if (line.change === 'created') {
        await executor.execute(sql`
          insert into visits as v (practice_id, appointment_ref, booked_at, source, provider_call_id, call_id,
                                   assistant_id, phone_number_id, appointment_type, new_patient, starts_at)
          select ${practiceId}, ${ref}, ${at},
                 case
                   when ${line.channel} = 'call' and oc.call_type = 'recall' then 'recall'
                   when ${line.channel} = 'call' and oc.id is not null then 'outbound'
                   else ${line.channel}
                 end,
                 ${line.providerCallId ?? null}, c.id, c.assistant_id, c.phone_number_id, ${appointmentType ?? null},
                 ${newPatient ?? null}, ${line.toStart ?? null}
          from (select 1) one
          left join outbound_calls oc on oc.practice_id = ${practiceId} and oc.vapi_call_id = ${line.providerCallId ?? null}
          left join calls c on c.practice_id = ${practiceId} and c.provider_id = ${line.providerCallId ?? null}
          on conflict (practice_id, appointment_ref) do update set
            booked_at = excluded.booked_at, source = excluded.source, provider_call_id = excluded.provider_call_id,
            call_id = excluded.call_id, assistant_id = excluded.assistant_id,
            phone_number_id = excluded.phone_number_id, appointment_type = excluded.appointment_type,
            new_patient = excluded.new_patient, starts_at = excluded.starts_at`);
      } else if (line.change === 'rescheduled' || line.change === 'confirmed') {
        const confirmedAt = line.change === 'confirmed' ? at : null;
        await executor
          .insert(visits)
          .values({ practiceId, appointmentRef: ref, startsAt: line.toStart ?? null, confirmedAt })
          .onConflictDoUpdate({
            target: [visits.practiceId, visits.appointmentRef],
            set:
              line.change === 'rescheduled'
                ? { startsAt: sql`excluded.starts_at` }
                : {
                    confirmedAt: sql`coalesce(${visits.confirmedAt}, excluded.confirmed_at)`,
                    startsAt: sql`coalesce(${visits.startsAt}, excluded.starts_at)`,
                  },
          });
      }
    },

    /** The latest word on a visit's outcome replaces the one before (staff correcting a mark, a sync). */
    async recordOutcome(practiceId: string, record: OutcomeRecord, origin: OutcomeOrigin) {
      const outcome = {
        outcome: record.outcome,
        late: record.late,
        outcomeOrigin: origin,
        decidedAt: record.decidedAt,
      };
      await db
        .insert(visits)
        .values({ practiceId, appointmentRef: record.appointmentRef, ...outcome })
        .onConflictDoUpdate({ target: [visits.practiceId, visits.appointmentRef], set: outcome });
    },

    /**
     * Outcomes read back from the practice system, in one statement, kept only for visits the product touched (a
     * row in `visits`) and only where they say something new. Answers how many were written.
     */
    async recordSyncedOutcomes(practiceId: string, records: readonly OutcomeRecord[]): Promise<number> {
      if (records.length === 0) return 0;
      const result = await db.$client.query(
        `update visits v set outcome = u.outcome, late = u.late, outcome_origin = 'practice_system', decided_at = u.at
         from unnest($2::text[], $3::text[], $4::boolean[], $5::timestamptz[]) as u(ref, outcome, late, at)
         where v.practice_id = $1 and v.appointment_ref = u.ref
           and (v.outcome, v.late) is distinct from (u.outcome, u.late)`,
        [
          practiceId,
          records.map((r) => r.appointmentRef),
          records.map((r) => r.outcome),
          records.map((r) => r.late),
          records.map((r) => r.decidedAt.toISOString()),
        ],
      );
      return result.rowCount ?? 0;
    },

    /** Where the practice's outcome sync got to (the newest `update_time` read), if it ever ran. */
    async syncedThrough(practiceId: string): Promise<Date | null> {
      const [row] = await db
        .select({ syncedThrough: outcomeSyncs.syncedThrough })
        .from(outcomeSyncs)
        .where(eq(outcomeSyncs.practiceId, practiceId));
      return row?.syncedThrough ?? null;
    },

    async saveSync(
      practiceId: string,
      state: { syncedThrough?: Date; lastRunAt: Date; lastError: string | null },
    ) {
      await db
        .insert(outcomeSyncs)
        .values({ practiceId, ...state })
        .onConflictDoUpdate({ target: outcomeSyncs.practiceId, set: state });
    },

    /** Active practices with an active connector to a practice system outside the product (not built in). */
    async practicesWithOutsideSchedules(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: practices.id })
        .from(practices)
        .innerJoin(connectors, eq(connectors.practiceId, practices.id))
        .where(
          and(
            eq(practices.status, 'active'),
            eq(connectors.isActive, true),
            ne(connectors.connectorId, SANDBOX_CONNECTOR_ID),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** Stores the request under the first number `nextNumber` draws that is free in the practice. */
    async savePendingRequest(
      practiceId: string,
      request: NewPendingRequest,
      nextNumber: () => string,
    ): Promise<string> {
      for (;;) {
        const requestNumber = nextNumber();
        const saved = await db
          .insert(pendingAppointmentRequests)
          .values({ ...request, practiceId, requestNumber })
          .onConflictDoNothing({
            target: [pendingAppointmentRequests.practiceId, pendingAppointmentRequests.requestNumber],
          })
          .returning({ requestNumber: pendingAppointmentRequests.requestNumber });
        if (saved[0]) return saved[0].requestNumber;
      }
    },
  };
}
export type ScheduleRepo = ReturnType<typeof createScheduleRepo>;
