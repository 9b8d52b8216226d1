import { and, asc, eq, exists, type SQL } from 'drizzle-orm';
import type { Connector, ConnectorInput } from '#shared/schemas/connectors';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { connectors, userConnectors } from '../../db/schema/index';

/** `null` = every connector (admin); otherwise the user whose assignments limit what is seen. */
export type ConnectorScope = { userId: string } | null;

function toConnector(row: typeof connectors.$inferSelect): Connector {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

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

  return {
    list(scope: ConnectorScope, onlyActive = false): Promise<Connector[]> {
      return lists.get(`${scope?.userId ?? '*'}|${onlyActive}`, async () => {
        const rows = await db
          .select()
          .from(connectors)
          .where(and(visible(scope), onlyActive ? eq(connectors.isActive, true) : undefined))
          .orderBy(asc(connectors.createdAt), asc(connectors.id));
        return rows.map(toConnector);
      });
    },

    async find(id: string, scope: ConnectorScope): Promise<Connector | undefined> {
      const [row] = await db
        .select()
        .from(connectors)
        .where(and(eq(connectors.id, id), visible(scope)));
      return row && toConnector(row);
    },

    async insert(input: Required<ConnectorInput>): Promise<Connector> {
      const [row] = await db.insert(connectors).values(input).returning();
      return toConnector(row!);
    },

    async update(
      id: string,
      values: Partial<typeof connectors.$inferInsert>,
    ): Promise<Connector | undefined> {
      const [row] = await db.update(connectors).set(values).where(eq(connectors.id, id)).returning();
      return row && toConnector(row);
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(connectors).where(eq(connectors.id, id)).returning({ id: connectors.id });
      return rows.length > 0;
    },
  };
}

export type ConnectorsRepo = ReturnType<typeof createConnectorsRepo>;
