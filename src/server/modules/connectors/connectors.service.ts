import { CONNECTOR_MESSAGES, type Connector, type ConnectorInput } from '#shared/schemas/connectors';
import { notFound } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import type { ConnectorScope, ConnectorsRepo } from './connectors.repo';

export type { Viewer };

/**
 * Admins see every connector; a sub user only those assigned to them (anything else is "not found").
 * `null` is the practice itself (the voice platform calling), which sees every connector.
 */
const scopeOf = (viewer: Viewer | null): ConnectorScope =>
  viewer === null || viewer.principal.role === 'admin' ? null : { userId: viewer.userId };

const found = (connector: Connector | undefined): Connector => {
  if (!connector) throw notFound(CONNECTOR_MESSAGES.notFound);
  return connector;
};

export function createConnectorsService(repo: ConnectorsRepo) {
  return {
    list: (viewer: Viewer) => repo.list(scopeOf(viewer)),
    get: async (viewer: Viewer, id: string) => found(await repo.find(id, scopeOf(viewer))),
    create: (input: Required<ConnectorInput>) => repo.insert(input),
    update: async (id: string, input: Required<ConnectorInput>) => found(await repo.update(id, input)),
    setActive: async (id: string, isActive: boolean) => found(await repo.update(id, { isActive })),
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(CONNECTOR_MESSAGES.notFound);
    },

    /** The oldest active connector the viewer may see: it decides which schedule the console works on. */
    async activeFor(viewer: Viewer | null): Promise<Connector | undefined> {
      const [first] = await repo.list(scopeOf(viewer), true);
      return first;
    },
  };
}

export type ConnectorsService = ReturnType<typeof createConnectorsService>;
