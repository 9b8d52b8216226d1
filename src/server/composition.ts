import { memoize } from '#shared/memoize';
import { SANDBOX_CONNECTOR_ID } from '#shared/schemas/connectors';
import type { TableChanges } from './db/changes';
import type { Db } from './db/client';
import { withinTransaction } from './db/read-cache';
import { AppError } from './errors';
import { createKollaAdapter } from './integrations/practice-management/kolla/kolla-adapter';
import type { Integrations, PmsConnector, PmsPractice } from './integrations/index';
import { createVoiceIntegration, type VoiceConfig, type VoicePort } from './integrations/voice/index';
import {
  createSandboxCaches,
  createSandboxSchedule,
} from './integrations/practice-management/sandbox/sandbox-adapter';
import { startBuiltInSchedule } from './integrations/practice-management/sandbox/starter-schedule';

/**
 * The composition root of the vendor integrations: each is built once here from the configuration, and
 * services get the ports they need without knowing which vendor is behind them.
 */

export interface KollaConfig {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface IntegrationsConfig {
  db: Db;
  /** For the built-in schedule's read caches (ADR 022). */
  changes?: TableChanges;
  /** Absent: only the built-in schedule ('sandbox') works. */
  kolla?: KollaConfig;
  /** The voice platform: its configuration (Vapi with a key, else the built-in sandbox) or a ready port. */
  voice: VoiceConfig | VoicePort;
  now?: () => Date;
}

const isVoicePort = (voice: VoiceConfig | VoicePort): voice is VoicePort =>
  typeof (voice as VoicePort).listAssistants === 'function';

export function createIntegrations({
  db,
  changes,
  kolla,
  voice,
  now = () => new Date(),
}: IntegrationsConfig): Integrations {
  const caches = createSandboxCaches(changes);
  // Inside a transaction, reads that miss go to that transaction, never joining a load on the pool (ADR 038).
  const cachesInTransaction = withinTransaction(caches);
  const sandboxOf = memoize(
    ({ practiceId, timeZone }: PmsPractice) =>
      createSandboxSchedule(db, { practiceId, timeZone, now, caches }),
    ({ practiceId, timeZone }) => `${practiceId}|${timeZone}`,
  );
  const inDatabase = (connector: PmsConnector) => connector.connectorId === SANDBOX_CONNECTOR_ID;

  return {
    voice: isVoicePort(voice) ? voice : createVoiceIntegration(voice),
    inDatabase,
    async prepare(connector, practiceId) {
      if (inDatabase(connector)) await startBuiltInSchedule(db, practiceId);
    },
    pms(connector, practice, tx) {
      if (inDatabase(connector)) {
        return tx
          ? createSandboxSchedule(tx, {
              practiceId: practice.practiceId,
              timeZone: practice.timeZone,
              now,
              caches: cachesInTransaction,
            })
          : sandboxOf(practice);
      }
      if (!kolla) {
        throw new AppError(503, 'unavailable', 'The practice system is not configured on this server.');
      }
      return createKollaAdapter({
        ...kolla,
        connectorId: connector.connectorId,
        consumerId: connector.consumerId,
        timeZone: practice.timeZone,
        now,
      });
    },
  };
}
