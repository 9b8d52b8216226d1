import {
  PHONE_NUMBER_MESSAGES,
  type PhoneNumber,
  type UpdatePhoneNumberInputSchema,
} from '#shared/schemas/phone-numbers';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import type { VoicePort } from '../../integrations/voice/port';
import type { AssistantsService } from '../assistants/assistants.service';
import { deleteUnlessGone } from '../../integrations/voice/index';
import type { Viewer } from '../../plugins/auth';
import { assignedAssistants, assignedPhoneNumbers } from '../scope';
import { toPhoneNumber, type PhoneNumbersRepo } from './phone-numbers.repo';

type UpdateInput = z.output<typeof UpdatePhoneNumberInputSchema>;

const scopeOf = (viewer: Viewer) => assignedPhoneNumbers(viewer.principal);

export function createPhoneNumbersService({
  repo,
  voice,
  assistants,
}: {
  repo: PhoneNumbersRepo;
  voice: VoicePort;
  assistants: Pick<AssistantsService, 'idsByProviderIds'>;
}) {
  return {
    /** Admins see every number; a sub user those assigned to them (possibly none). */
    list: (viewer: Viewer) => repo.list(scopeOf(viewer)),
    count: () => repo.count(),

    /** The number's id on the platform (ours in the sandbox), for placing calls from it. */
    async platformId(id: string): Promise<string | undefined> {
      const row = await repo.find(id, null);
      return row && (row.providerId ?? row.id);
    },

    /** One of our numbers the viewer may use, by our id. */
    async visibleById(viewer: Viewer, id: string): Promise<PhoneNumber | undefined> {
      const row = await repo.find(id, scopeOf(viewer));
      return row && toPhoneNumber(row);
    },

    /** One of our numbers the viewer may see, by E.164. */
    async visibleNumber(viewer: Viewer, e164: string): Promise<PhoneNumber | undefined> {
      const row = await repo.findByNumber(e164, scopeOf(viewer));
      return row && toPhoneNumber(row);
    },

    /**
     * Name and assistant; a sub user may choose only an assistant assigned to them. The dialog re-sends the
     * assistant it shows, so one equal to the stored one is no change and is not checked: an admin may have
     * routed the number to an assistant the sub user does not have. The platform's number points at the
     * assistant's platform id, or at none for an assistant that lives only here, so the platform asks us
     * (assistant-request) and gets the whole assistant.
     */
    async update(viewer: Viewer, id: string, changes: UpdateInput): Promise<PhoneNumber> {
      return repo.transaction(async (tx) => {
        const current = await repo.find(id, scopeOf(viewer), tx);
        if (!current) throw notFound(PHONE_NUMBER_MESSAGES.notFound);
        const input =
          changes.assistantId === current.assistantId ? { ...changes, assistantId: undefined } : changes;
        let assistantProviderId: string | null | undefined;
        if (input.assistantId) {
          const allowed = assignedAssistants(viewer.principal);
          const assistant = await repo.assistantProviderId(input.assistantId, tx);
          if (!assistant || (allowed && !allowed.includes(assistant.id))) {
            throw badRequest(PHONE_NUMBER_MESSAGES.unknownAssistant, {
              assistantId: PHONE_NUMBER_MESSAGES.unknownAssistant,
            });
          }
          assistantProviderId = assistant.providerId;
        } else if (input.assistantId === null) {
          assistantProviderId = null;
        }
        const values = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.assistantId !== undefined && { assistantId: input.assistantId }),
        };
        if (Object.keys(values).length === 0) return toPhoneNumber(current);
        const row = await repo.update(tx, id, values);
        if (current.providerId) {
          await voice.updatePhoneNumber(current.providerId!, {
            ...(input.name !== undefined && { name: input.name }),
            ...(assistantProviderId !== undefined && { assistantId: assistantProviderId }),
          });
        }
        return toPhoneNumber(row);
      });
    },

    /** The assistant a platform call to one of our numbers goes to (assistant-request). */
    async routeForCall(ref: { number?: string; providerId?: string }) {
      const found = await repo.findForCall(ref);
      return found && { phoneNumber: toPhoneNumber(found.number), assistant: found.assistant };
    },

    /** Numbers on the platform account that we do not have yet; returns how many came in. */
    async importFromPlatform(): Promise<number> {
      const remote = await voice.listPhoneNumbers();
      const known = await repo.providerIds();
      const fresh = remote.filter((n) => n.id && !known.has(n.id));
      const assistantIds = await assistants.idsByProviderIds(
        fresh.flatMap((n) => (n.assistantId ? [n.assistantId] : [])),
      );
      let imported = 0;
      for (const number of fresh) {
        const stored = await repo.importNumber({
          providerId: number.id,
          name: number.name,
          number: number.number,
          assistantId: (number.assistantId && assistantIds.get(number.assistantId)) ?? null,
          createdAt: new Date(number.createdAt),
        });
        if (stored) imported++;
      }
      return imported;
    },

    /** Releases the number on the platform, then forgets it (its mapping too). */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const current = await repo.find(id, scopeOf(viewer), tx);
        if (!current) throw notFound(PHONE_NUMBER_MESSAGES.notFound);
        await repo.remove(tx, current);
        if (current.providerId) await deleteUnlessGone(() => voice.deletePhoneNumber(current.providerId!));
      });
    },
  };
}

export type PhoneNumbersService = ReturnType<typeof createPhoneNumbersService>;
