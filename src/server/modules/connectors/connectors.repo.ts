import { and, asc, eq, exists, type SQL } from 'drizzle-orm';
import type { Connector, ConnectorInput } from '#shared/schemas/connectors';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
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

    async insert(practiceId: string, input: Required<ConnectorInput>): Promise<Connector> {
      const [row] = await db
        .insert(connectors)
        .values({ ...input, practiceId })
        .returning();
      return toConnector(row!);
    },

    async update(
      practiceId: string,
      id: string,
      values: Partial<
        Pick<typeof connectors.$inferInsert, 'name' | 'consumerId' | 'connectorId' | 'isActive'>
      >,
    ): Promise<Connector | undefined> {
      const [row] = await db.update(connectors).set(values).where(ofPractice(practiceId, id)).returning();
      return row && toConnector(row);
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
