import { and, asc, eq, exists, ne, type SQL } from 'drizzle-orm';
import { SANDBOX_CONNECTOR_ID, type Connector, type ConnectorInput } from '#shared/schemas/connectors';
import type { TableChanges } from '../../db/changes';
import type { Db, Tx } from '../../db/client';
import { pmsConsumerLock } from '../../db/locks';
import { createReadCache } from '../../db/read-cache';
import { connectors, userConnectors } from '../../db/schema/index';

/** `null` = every connector of the practice (admin); otherwise the user whose assignments limit what is seen. */
export type ConnectorScope = { userId: string } | null;

function toConnector(row: typeof connectors.$inferSelect): Connector {
  return {
    id: row.id,
    name: row.name,
    consumerId: row.consumerId,
    connectorId: row.connectorId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every query is bounded by the practice (issue 22): another practice's connector is simply not found. */
export function createConnectorsRepo(db: Db, changes?: TableChanges) {
  // Every schedule request and voice webhook starts by finding its connector.
  const lists = createReadCache<Connector[]>(changes, [connectors, userConnectors]);

  function visible(scope: ConnectorScope): SQL | undefined {
    if (!scope) return undefined;
    return exists(
      db
        .select()
        .from(userConnectors)
        .where(and(eq(userConnectors.connectorId, connectors.id), eq(userConnectors.userId, scope.userId))),
    );
  }

  const ofPractice = (practiceId: string, id: string) =>
    and(eq(connectors.practiceId, practiceId), eq(connectors.id, id));

  /**
   * Whether another practice already links this PMS consumer. Every practice reaches the PMS with the one
   * deployment key, so the consumer id alone picks whose patients and schedule a request reads and books:
   * one practice's consumer is never another's. The built-in schedule has no consumer. Under a lock per
   * consumer, so two practices saving it at once do not both pass.
   */
  async function takenElsewhere(
    tx: Tx,
    practiceId: string,
    link: Pick<ConnectorInput, 'connectorId' | 'consumerId'>,
  ): Promise<boolean> {
    if (link.connectorId === SANDBOX_CONNECTOR_ID) return false;
    await tx.execute(pmsConsumerLock(link.connectorId, link.consumerId));
    const [other] = await tx
      .select({ id: connectors.id })
      .from(connectors)
      .where(
        and(
          eq(connectors.connectorId, link.connectorId),
          eq(connectors.consumerId, link.consumerId),
          ne(connectors.practiceId, practiceId),
        ),
      )
      .limit(1);
    return Boolean(other);
  }

  return {
    list(practiceId: string, scope: ConnectorScope, onlyActive = false): Promise<Connector[]> {
      return lists.get(`${practiceId}|${scope?.userId ?? '*'}|${onlyActive}`, async () => {
        const rows = await db
          .select()
          .from(connectors)
          .where(
            and(
              eq(connectors.practiceId, practiceId),
              visible(scope),
              onlyActive ? eq(connectors.isActive, true) : undefined,
            ),
          )
          .orderBy(asc(connectors.createdAt), asc(connectors.id));
        return rows.map(toConnector);
      });
    },

    async find(practiceId: string, id: string, scope: ConnectorScope): Promise<Connector | undefined> {
      const [row] = await db
        .select()
        .from(connectors)
        .where(and(ofPractice(practiceId, id), visible(scope)));
      return row && toConnector(row);
    },

    /** Stores the connector, or answers 'taken' when another practice links that PMS consumer. */
    async insert(practiceId: string, input: Required<ConnectorInput>): Promise<Connector | 'taken'> {
      return db.transaction(async (tx) => {
        if (await takenElsewhere(tx, practiceId, input)) return 'taken';
        const [row] = await tx
          .insert(connectors)
          .values({ ...input, practiceId })
          .returning();
        return toConnector(row!);
      });
    },

    /** As `insert`, for a connector of the practice (undefined when it has no such connector). */
    async update(
      practiceId: string,
      id: string,
      values: Partial<
        Pick<typeof connectors.$inferInsert, 'name' | 'consumerId' | 'connectorId' | 'isActive'>
      >,
    ): Promise<Connector | 'taken' | undefined> {
      return db.transaction(async (tx) => {
        // Another practice's connector is not found, whatever it would link (before the link is judged).
        const [own] = await tx
          .select({ id: connectors.id })
          .from(connectors)
          .where(ofPractice(practiceId, id))
          .for('update');
        if (!own) return undefined;
        if (values.connectorId && values.consumerId) {
          const link = { connectorId: values.connectorId, consumerId: values.consumerId };
          if (await takenElsewhere(tx, practiceId, link)) return 'taken';
        }
        const [row] = await tx.update(connectors).set(values).where(ofPractice(practiceId, id)).returning();
        return row && toConnector(row);
      });
    },

    async remove(practiceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(connectors)
        .where(ofPractice(practiceId, id))
        .returning({ id: connectors.id });
      return rows.length > 0;
    },
  };
}

export type ConnectorsRepo = ReturnType<typeof createConnectorsRepo>;
