import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import {
  appointmentTypes,
  connectors,
  DEFAULT_TIME_ZONE,
  pendingAppointmentRequests,
  phoneMappings,
  practices,
} from '../../db/schema/index';

/** What the schedule needs of a connector to reach the practice system. */
export type PracticeConnector = Pick<typeof connectors.$inferSelect, 'name' | 'connectorId' | 'consumerId'>;
export type AppointmentTypeRecord = typeof appointmentTypes.$inferSelect;

export type NewPendingRequest = Omit<
  typeof pendingAppointmentRequests.$inferInsert,
  'id' | 'status' | 'createdAt' | 'requestNumber'
>;

export function createScheduleRepo(db: Db, changes?: TableChanges) {
  // Reference data every voice webhook and schedule read needs; it changes only when staff edit it.
  const mappings = createReadCache<PracticeConnector | undefined>(changes, [phoneMappings, connectors]);
  const types = createReadCache<AppointmentTypeRecord | undefined>(changes, [appointmentTypes]);
  const labels = createReadCache<Map<string, string>>(changes, [appointmentTypes]);
  const settings = createReadCache<string>(changes, [practices]);

  async function mappedConnector(e164: string): Promise<PracticeConnector | undefined> {
    const [mapped] = await db
      .select({
        name: connectors.name,
        connectorId: connectors.connectorId,
        consumerId: connectors.consumerId,
      })
      .from(phoneMappings)
      .innerJoin(connectors, eq(connectors.connectorId, phoneMappings.connectorId))
      .where(and(eq(phoneMappings.phoneNumber, e164), eq(connectors.isActive, true)))
      .orderBy(asc(connectors.createdAt))
      .limit(1);
    return mapped;
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

  async function timeZone(): Promise<string> {
    // TRANSITIONAL (issue 22): the first practice until the schedule takes a PracticeContext.
    const [row] = await db
      .select({ timeZone: practices.timeZone })
      .from(practices)
      .orderBy(practices.createdAt, practices.id)
      .limit(1);
    return row?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  return {
    /** The active connector mapped to a called number. */
    connectorForNumber: (e164: string) => mappings.get(e164, () => mappedConnector(e164)),

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

    timeZone: () => settings.get('', timeZone),

    /** Stores the request under the first free number `nextNumber` draws. */
    async savePendingRequest(request: NewPendingRequest, nextNumber: () => string): Promise<string> {
      for (;;) {
        const requestNumber = nextNumber();
        const saved = await db
          .insert(pendingAppointmentRequests)
          .values({ ...request, requestNumber })
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
