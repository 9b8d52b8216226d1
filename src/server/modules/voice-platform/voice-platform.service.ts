import { VOICE_PLATFORM_MESSAGES, type AssistantRequestReply } from '#shared/schemas/voice-platform';
import type { Db } from '../../db/client';
import { LOCKS, whileHolding } from '../../db/locks';
import { conflict } from '../../errors';
import { transientAssistant, type VoicePort, type WebhookTarget } from '../../integrations/voice/index';
import { toE164 } from '../../lib/phone';
import type { AssistantsService } from '../assistants/assistants.service';
import { specOf } from '../assistants/assistants.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { PracticeContext } from '../../practice';

/** What a platform call says about where it went: the number called, or else the assistant it reached. */
export interface CallRef {
  number?: string | null;
  phoneNumberId?: string | null;
  assistantId?: string | null;
}

/** Said on a call to a number no practice holds, or one of a suspended practice: nothing is done for it. */
export const NOT_IN_SERVICE_MESSAGE = 'This number is not in service. Please check the number and try again.';

export const ASSISTANT_REQUEST_ERRORS = {
  unknownNumber: NOT_IN_SERVICE_MESSAGE,
  noAssistant: 'Sorry, no receptionist is assigned to this phone number yet. Please call back later.',
} as const;

/**
 * The number called (in E.164 when it parses) and the platform's id for it, each only when given. Built field by
 * field: an object literal that begins with a spread costs Node 20 dearly on every call (ADR 066).
 */
function routeKey(number: string | null | undefined, providerId: string | null | undefined) {
  const key: { number?: string; providerId?: string } = {};
  if (number) key.number = toE164(number) ?? number;
  if (providerId) key.providerId = providerId;
  return key;
}

export interface VoicePlatformDeps {
  voice: VoicePort;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  webhook: WebhookTarget;
  db: Db;
}

export function createVoicePlatformService({
  voice,
  assistants,
  phoneNumbers,
  webhook,
  db,
}: VoicePlatformDeps) {
  return {
    provider: () => voice.kind,

    /**
     * Pulls into the practice what the platform account holds and no practice has: assistants first, so
     * numbers find theirs. An assistant the platform refuses is reported, and the others and the numbers
     * still come in; a number another practice holds is reported as skipped. One import at a time across the
     * deployment (the account is shared): the lock is held until this one has stored what it took.
     */
    async importFromPlatform(practice: PracticeContext) {
      const run = await whileHolding(db, LOCKS.voicePlatformImport, async () => ({
        report: await assistants.importFromPlatform(practice),
        numbers: await phoneNumbers.importFromPlatform(practice),
      }));
      if (!run.held) throw conflict(VOICE_PLATFORM_MESSAGES.importRunning);
      const { report, numbers } = run.value;
      return {
        imported: {
          assistants: report.filter((a) => a.imported).length,
          phoneNumbers: numbers.imported,
        },
        assistants: report,
        skippedPhoneNumbers: numbers.skipped,
      };
    },

    /**
     * At boot: the first practice of a deployment that already used Vapi starts with the account's assistants
     * and numbers. Only while the deployment holds none at all, and only into an active practice: a suspended
     * or emptied first practice must not take in, at the next restart, numbers bought for other practices.
     */
    async importWhenEmpty(practice: PracticeContext) {
      if (voice.kind !== 'vapi' || practice.status !== 'active') return null;
      if ((await assistants.countAll()) > 0 || (await phoneNumbers.countAll()) > 0) return null;
      return this.importFromPlatform(practice);
    },

    /**
     * The practice a platform call is for, once per webhook call: the practice holding the number called (by
     * its E.164 or the platform's id for it), else the one holding the assistant the call reached. Undefined
     * when neither names a practice; the practice may be suspended (see `status`).
     */
    async practiceForCall(ref: CallRef): Promise<PracticeContext | undefined> {
      const key = routeKey(ref.number, ref.phoneNumberId);
      if (key.number || key.providerId) {
        const route = await phoneNumbers.routeForCall(key);
        if (route) return route.practice;
      }
      return ref.assistantId ? assistants.practiceOfProviderId(ref.assistantId) : undefined;
    },

    /**
     * assistant-request: which assistant takes a call to one of our numbers. One indexed read, well inside
     * the platform's 7.5 s. A platform assistant goes by its id; one that lives only here goes whole.
     */
    async answerAssistantRequest(ref: {
      number?: string | null;
      providerId?: string | null;
    }): Promise<AssistantRequestReply> {
      const route = await phoneNumbers.routeForCall(routeKey(ref.number, ref.providerId));
      if (!route || route.practice.status !== 'active')
        return { error: ASSISTANT_REQUEST_ERRORS.unknownNumber };
      if (!route.assistant) return { error: ASSISTANT_REQUEST_ERRORS.noAssistant };
      if (route.assistant.providerId && voice.kind === 'vapi')
        return { assistantId: route.assistant.providerId };
      return { assistant: { ...transientAssistant(specOf(route.assistant), webhook) } };
    },
  };
}

export type VoicePlatformService = ReturnType<typeof createVoicePlatformService>;
