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
import type { PracticeContext } from '../../practice';
import { assignedAssistants, assignedPhoneNumbers } from '../scope';
import { toPhoneNumber, type PhoneNumbersRepo } from './phone-numbers.repo';

type UpdateInput = z.output<typeof UpdatePhoneNumberInputSchema>;

const scopeOf = (viewer: Viewer) => assignedPhoneNumbers(viewer.principal);

export const HELD_BY_ANOTHER_PRACTICE = 'The number belongs to another practice.';

/**
 * How an import names a number another practice holds: by its last four digits only, since no answer to one
 * practice holds another's numbers, names or ids (ADR 048). Enough for the admin who bought it to know it.
 */
export function lastDigits(number: string | null | undefined): string {
  const digits = (number ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `••• ${digits.slice(-4)}` : 'SIP number';
}

/** A number of the platform account that an import left where it was, and why. */
export interface SkippedPhoneNumber {
  number: string;
  reason: string;
}

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
    list: (viewer: Viewer) => repo.list(viewer.practice.id, scopeOf(viewer)),
    countAll: () => repo.countAll(),

    /** The number's id on the platform (ours in the sandbox), for placing calls from it. */
    async platformId(practiceId: string, id: string): Promise<string | undefined> {
      const row = await repo.find(practiceId, id, null);
      return row && (row.providerId ?? row.id);
    },

    /** One of our numbers the viewer may use, by our id. */
    async visibleById(viewer: Viewer, id: string): Promise<PhoneNumber | undefined> {
      const row = await repo.find(viewer.practice.id, id, scopeOf(viewer));
      return row && toPhoneNumber(row);
    },

    /** One of our numbers the viewer may see, by E.164. */
    async visibleNumber(viewer: Viewer, e164: string): Promise<PhoneNumber | undefined> {
      const row = await repo.findByNumber(viewer.practice.id, e164, scopeOf(viewer));
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
        const current = await repo.find(viewer.practice.id, id, scopeOf(viewer), tx);
        if (!current) throw notFound(PHONE_NUMBER_MESSAGES.notFound);
        const input =
          changes.assistantId === current.assistantId ? { ...changes, assistantId: undefined } : changes;
        let assistantProviderId: string | null | undefined;
        if (input.assistantId) {
          const allowed = assignedAssistants(viewer.principal);
          const assistant = await repo.assistantProviderId(viewer.practice.id, input.assistantId, tx);
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
        const row = await repo.update(tx, viewer.practice.id, id, values);
        if (current.providerId) {
          await voice.updatePhoneNumber(current.providerId!, {
            ...(input.name !== undefined && { name: input.name }),
            ...(assistantProviderId !== undefined && { assistantId: assistantProviderId }),
          });
        }
        return toPhoneNumber(row);
      });
    },

    /**
     * The number a platform call came in on, the practice that holds it and the assistant it goes to
     * (assistant-request, and every webhook call resolving its practice).
     */
    async routeForCall(ref: { number?: string; providerId?: string }) {
      const found = await repo.findForCall(ref);
      return (
        found && {
          practice: found.practice satisfies PracticeContext,
          phoneNumber: toPhoneNumber(found.number),
          assistant: found.assistant,
        }
      );
    },

    /**
     * Numbers on the platform account that no practice has yet, into this practice. One another practice
     * holds (by the platform's id or by its E.164) is not taken over: it is reported as skipped.
     */
    async importFromPlatform(
      practice: PracticeContext,
    ): Promise<{ imported: number; skipped: SkippedPhoneNumber[] }> {
      const remote = await voice.listPhoneNumbers();
      const known = await repo.providerIds();
      const skipped: SkippedPhoneNumber[] = remote
        .filter((n) => n.id && known.has(n.id) && known.get(n.id) !== practice.id)
        .map((n) => ({ number: lastDigits(n.number), reason: HELD_BY_ANOTHER_PRACTICE }));
      const fresh = remote.filter((n) => n.id && !known.has(n.id));
      const assistantIds = await assistants.idsByProviderIds(
        practice,
        fresh.flatMap((n) => (n.assistantId ? [n.assistantId] : [])),
      );
      let imported = 0;
      for (const number of fresh) {
        const stored = await repo.importNumber({
          practiceId: practice.id,
          providerId: number.id,
          name: number.name,
          number: number.number,
          assistantId: (number.assistantId && assistantIds.get(number.assistantId)) ?? null,
          createdAt: new Date(number.createdAt),
        });
        if (stored) imported++;
        else skipped.push({ number: lastDigits(number.number), reason: HELD_BY_ANOTHER_PRACTICE });
      }
      return { imported, skipped };
    },

    /** Releases the number on the platform, then forgets it (its mapping too). */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const current = await repo.find(viewer.practice.id, id, scopeOf(viewer), tx);
        if (!current) throw notFound(PHONE_NUMBER_MESSAGES.notFound);
        await repo.remove(tx, current);
        if (current.providerId) await deleteUnlessGone(() => voice.deletePhoneNumber(current.providerId!));
      });
    },
  };
}

export type PhoneNumbersService = ReturnType<typeof createPhoneNumbersService>;
