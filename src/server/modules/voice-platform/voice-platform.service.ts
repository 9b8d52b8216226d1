import type { AssistantRequestReply } from '#shared/schemas/voice-platform';
import { transientAssistant, type VoicePort, type WebhookTarget } from '../../integrations/voice/index';
import { toE164 } from '../../lib/phone';
import type { AssistantsService } from '../assistants/assistants.service';
import { specOf } from '../assistants/assistants.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';

export const ASSISTANT_REQUEST_ERRORS = {
  unknownNumber: 'Sorry, this phone number is not set up with the practice yet. Please call back later.',
  noAssistant: 'Sorry, no receptionist is assigned to this phone number yet. Please call back later.',
} as const;

export interface VoicePlatformDeps {
  voice: VoicePort;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  webhook: WebhookTarget;
}

export function createVoicePlatformService({ voice, assistants, phoneNumbers, webhook }: VoicePlatformDeps) {
  return {
    provider: () => voice.kind,

    /**
     * Pulls in what the platform account holds and we do not: assistants first, so numbers find theirs. An
     * assistant the platform refuses is reported, and the others and the numbers still come in.
     */
    async importFromPlatform() {
      const report = await assistants.importFromPlatform();
      const importedNumbers = await phoneNumbers.importFromPlatform();
      return {
        imported: {
          assistants: report.filter((a) => a.imported).length,
          phoneNumbers: importedNumbers,
        },
        assistants: report,
      };
    },

    /** At boot: a practice that already uses Vapi starts with its account's assistants and numbers. */
    async importWhenEmpty() {
      if (voice.kind !== 'vapi') return null;
      if ((await assistants.count()) > 0 || (await phoneNumbers.count()) > 0) return null;
      return this.importFromPlatform();
    },

    /**
     * assistant-request: which assistant takes a call to one of our numbers. One indexed read, well inside
     * the platform's 7.5 s. A platform assistant goes by its id; one that lives only here goes whole.
     */
    async answerAssistantRequest(ref: {
      number?: string | null;
      providerId?: string | null;
    }): Promise<AssistantRequestReply> {
      const number = ref.number ? (toE164(ref.number) ?? ref.number) : undefined;
      const route = await phoneNumbers.routeForCall({
        ...(number && { number }),
        ...(ref.providerId && { providerId: ref.providerId }),
      });
      if (!route) return { error: ASSISTANT_REQUEST_ERRORS.unknownNumber };
      if (!route.assistant) return { error: ASSISTANT_REQUEST_ERRORS.noAssistant };
      if (route.assistant.providerId && voice.kind === 'vapi')
        return { assistantId: route.assistant.providerId };
      return { assistant: { ...transientAssistant(specOf(route.assistant), webhook) } };
    },
  };
}

export type VoicePlatformService = ReturnType<typeof createVoicePlatformService>;
