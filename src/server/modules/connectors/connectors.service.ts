import { CONNECTOR_MESSAGES, type Connector, type ConnectorInput } from '#shared/schemas/connectors';
import { badRequest, notFound } from '../../errors';
import type { Integrations } from '../../integrations/index';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { ConnectorScope, ConnectorsRepo } from './connectors.repo';

export type { Viewer };

/**
 * Inside the viewer's practice, admins see every connector; a sub user only those assigned to them (anything
 * else is "not found"). Another practice's connectors are never seen. Each practice has its own built-in
 * schedule: its connector with connectorId 'sandbox' reaches that practice's rows only.
 */
const scopeOf = (viewer: Viewer): ConnectorScope =>
  viewer.principal.role === 'admin' ? null : { userId: viewer.userId };

const found = (connector: Connector | 'taken' | undefined): Connector => {
  if (!connector) throw notFound(CONNECTOR_MESSAGES.notFound);
  if (connector === 'taken')
    throw badRequest(CONNECTOR_MESSAGES.consumerTaken, { consumerId: CONNECTOR_MESSAGES.consumerTaken });
  return connector;
};

/**
 * Linking (or re-pointing) an account readies it after the save: the built-in schedule gets its starter
 * providers there. Readying is idempotent, so a save that fails after the connector is stored is mended by
 * saving again.
 */
export function createConnectorsService(repo: ConnectorsRepo, integrations: Pick<Integrations, 'prepare'>) {
  const ready = async (practice: PracticeContext, connector: Connector): Promise<Connector> => {
    await integrations.prepare(connector, practice.id);
    return connector;
  };
  return {
    list: (viewer: Viewer) => repo.list(viewer.practice.id, scopeOf(viewer)),
    get: async (viewer: Viewer, id: string) =>
      found(await repo.find(viewer.practice.id, id, scopeOf(viewer))),
    create: async (practice: PracticeContext, input: Required<ConnectorInput>) =>
      ready(practice, found(await repo.insert(practice.id, input))),
    update: async (practice: PracticeContext, id: string, input: Required<ConnectorInput>) =>
      ready(practice, found(await repo.update(practice.id, id, input))),
    setActive: async (practice: PracticeContext, id: string, isActive: boolean) =>
      found(await repo.update(practice.id, id, { isActive })),
    async remove(practice: PracticeContext, id: string): Promise<void> {
      if (!(await repo.remove(practice.id, id))) throw notFound(CONNECTOR_MESSAGES.notFound);
    },

    /** The oldest active connector the viewer may see: it decides which schedule the console works on. */
    async activeFor(viewer: Viewer): Promise<Connector | undefined> {
      const [first] = await repo.list(viewer.practice.id, scopeOf(viewer), true);
      return first;
    },

    /** The practice's oldest active connector: the schedule of its calls and jobs. */
    async activeOf(practice: Pick<PracticeContext, 'id'>): Promise<Connector | undefined> {
      const [first] = await repo.list(practice.id, null, true);
      return first;
    },
  };
}

export type ConnectorsService = ReturnType<typeof createConnectorsService>;
