import { PHONE_MAPPING_MESSAGES as M, type PhoneMapping } from '#shared/schemas/phone-mappings';
import { badRequest, conflict, notFound } from '../../errors';
import { toE164 } from '../../lib/phone';
import type { Viewer } from '../../plugins/auth';
import type { ConnectorsService } from '../connectors/connectors.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { PhoneMappingsRepo } from './phone-mappings.repo';

/** 409: the number is mapped in another practice (numbers are globally unique: one routes to one practice). */
export const NUMBER_IN_USE_MESSAGE = 'This number is already in use.';

export interface PhoneMappingsDeps {
  repo: PhoneMappingsRepo;
  phoneNumbers: PhoneNumbersService;
  connectors: ConnectorsService;
}

/** Which practice-management connector answers the voice webhook for each of our numbers (section 4). */
export function createPhoneMappingsService({ repo, phoneNumbers, connectors }: PhoneMappingsDeps) {
  /** The number as E.164, and only when it is one of ours the viewer may see. */
  async function ownNumber(viewer: Viewer, raw: string): Promise<string> {
    const e164 = toE164(raw);
    if (!e164) throw badRequest(M.invalidNumber, { phoneNumber: M.invalidNumber });
    if (!(await phoneNumbers.visibleNumber(viewer, e164))) {
      throw badRequest(M.unknownNumber, { phoneNumber: M.unknownNumber });
    }
    return e164;
  }

  /** A connector (by its connectorId) the viewer may see. */
  async function knownConnector(viewer: Viewer, connectorId: string): Promise<void> {
    const visible = await connectors.list(viewer);
    if (!visible.some((c) => c.connectorId === connectorId)) {
      throw badRequest(M.unknownConnector, { connectorId: M.unknownConnector });
    }
  }

  return {
    /** Admins see every mapping of their practice; a sub user those of their assigned numbers. */
    async list(viewer: Viewer): Promise<PhoneMapping[]> {
      if (viewer.principal.role === 'admin') return repo.list(viewer.practice.id, null);
      const numbers = await phoneNumbers.list(viewer);
      return repo.list(
        viewer.practice.id,
        numbers.flatMap((n) => (n.number ? [n.number] : [])),
      );
    },

    async create(viewer: Viewer, input: PhoneMapping): Promise<PhoneMapping> {
      const e164 = toE164(input.phoneNumber);
      const holder = e164 && (await repo.holder(e164));
      if (holder && holder !== viewer.practice.id) throw conflict(NUMBER_IN_USE_MESSAGE);
      const phoneNumber = await ownNumber(viewer, input.phoneNumber);
      await knownConnector(viewer, input.connectorId);
      const mapping = { phoneNumber, connectorId: input.connectorId, name: input.name };
      const outcome = await repo.insert(viewer.practice.id, mapping);
      if (outcome === 'ours') throw conflict(M.exists);
      if (outcome === 'theirs') throw conflict(NUMBER_IN_USE_MESSAGE);
      return mapping;
    },

    async replace(viewer: Viewer, rawNumber: string, input: Omit<PhoneMapping, 'phoneNumber'>) {
      const phoneNumber = await ownNumber(viewer, rawNumber);
      await knownConnector(viewer, input.connectorId);
      const mapping = await repo.update(viewer.practice.id, phoneNumber, {
        connectorId: input.connectorId,
        name: input.name,
      });
      if (!mapping) throw notFound(M.notFound);
      return mapping;
    },

    async remove(viewer: Viewer, rawNumber: string): Promise<void> {
      const phoneNumber = await ownNumber(viewer, rawNumber);
      if (!(await repo.remove(viewer.practice.id, phoneNumber))) throw notFound(M.notFound);
    },
  };
}

export type PhoneMappingsService = ReturnType<typeof createPhoneMappingsService>;
