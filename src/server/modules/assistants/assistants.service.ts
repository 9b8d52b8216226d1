import {
  ASSISTANT_DEFAULTS,
  ASSISTANT_MESSAGES,
  BACKGROUND_SOUNDS,
  CLIENT_MESSAGES,
  LANGUAGES,
  MODEL_PROVIDERS,
  MODELS,
  notOffered,
  SERVER_MESSAGES,
  TRANSCRIBER_MODELS,
  TRANSCRIBER_PROVIDERS,
  unknownMessageType,
  VOICE_PROVIDERS,
  VOICES,
  type Assistant,
  type CreateAssistantInput,
  type UpdateAssistantInput,
} from '#shared/schemas/assistants';
import type { AssistantImport } from '#shared/schemas/voice-platform';
import { badRequest, forbidden, notFound } from '../../errors';
import type { AssistantSpec, VoicePort } from '../../integrations/voice/port';
import { deleteUnlessGone, isVoiceError } from '../../integrations/voice/index';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import { assignedAssistants } from '../scope';
import { specOf, toAssistant, type AssistantsRepo } from './assistants.repo';
import type { KnowledgeBaseFile } from './knowledge-base-file';

const scopeOf = (viewer: Viewer) => assignedAssistants(viewer.principal);
const practiceIdOf = (viewer: Viewer) => viewer.practice.id;

/**
 * The stored system prompt is the model's first system message; a create may send it on its own, and a
 * model without messages then takes the default ones.
 */
function withSystemPrompt(input: CreateAssistantInput): AssistantSpec {
  const { systemPrompt, model, ...fields } = input;
  const defaults = structuredClone(ASSISTANT_DEFAULTS);
  const spec: AssistantSpec = {
    ...defaults,
    ...fields,
    model: model ? { ...model, messages: model.messages ?? defaults.model.messages } : defaults.model,
  };
  if (systemPrompt !== undefined) {
    const others = spec.model.messages.filter((m) => m.role !== 'system');
    spec.model = {
      ...spec.model,
      messages: systemPrompt.trim() ? [{ role: 'system', content: systemPrompt }, ...others] : others,
    };
  }
  return spec;
}

/**
 * The option lists apply to what the dialog sends; a value the platform gave an imported assistant may stay
 * as it is (editing its name must not force a new voice).
 */
function checkOptions(changes: Partial<AssistantSpec>, current?: AssistantSpec): void {
  const checks = [
    [
      'voice.provider',
      changes.voice?.provider,
      current?.voice.provider,
      VOICE_PROVIDERS,
      ASSISTANT_MESSAGES.unknownVoiceProvider,
    ],
    [
      'model.provider',
      changes.model?.provider,
      current?.model.provider,
      MODEL_PROVIDERS,
      ASSISTANT_MESSAGES.unknownModelProvider,
    ],
    [
      'transcriber.provider',
      changes.transcriber?.provider,
      current?.transcriber.provider,
      TRANSCRIBER_PROVIDERS,
      ASSISTANT_MESSAGES.unknownTranscriberProvider,
    ],
    [
      'backgroundSound',
      changes.backgroundSound,
      current?.backgroundSound,
      BACKGROUND_SOUNDS,
      ASSISTANT_MESSAGES.unknownBackgroundSound,
    ],
  ] as const;
  for (const [field, value, stored, allowed, message] of checks) {
    if (value === undefined || value === stored) continue;
    if (!(allowed as readonly string[]).includes(value)) throw badRequest(message, { [field]: message });
  }
  for (const [field, lists, what, [provider, value], [storedProvider, storedValue]] of pairsOf(
    changes,
    current,
  )) {
    if (provider === storedProvider && value === storedValue) continue;
    const problem = notOffered(lists, provider, value, what);
    if (problem) throw badRequest(problem, { [field]: problem });
  }
  const messageLists = [
    ['clientMessages', 'client', changes.clientMessages, current?.clientMessages, CLIENT_MESSAGES],
    ['serverMessages', 'server', changes.serverMessages, current?.serverMessages, SERVER_MESSAGES],
  ] as const;
  for (const [field, kind, values, stored, allowed] of messageLists) {
    const unknown = values?.find((value) => !stored?.includes(value) && !allowed.includes(value));
    if (unknown !== undefined) {
      const message = unknownMessageType(kind, unknown);
      throw badRequest(message, { [field]: message });
    }
  }
}

type Pair = readonly [provider: string, value: string];

/** Each provider-dependent value with its provider, as sent and as stored (a pair unchanged is not checked). */
function pairsOf(changes: Partial<AssistantSpec>, current?: AssistantSpec) {
  const pairs: [string, Readonly<Record<string, readonly string[]>>, string, Pair, Partial<Pair>][] = [];
  const { voice, model, transcriber } = changes;
  if (voice) {
    pairs.push([
      'voice.voiceId',
      VOICES,
      'Voice',
      [voice.provider, voice.voiceId],
      [current?.voice.provider, current?.voice.voiceId],
    ]);
  }
  if (model) {
    pairs.push([
      'model.model',
      MODELS,
      'Model',
      [model.provider, model.model],
      [current?.model.provider, current?.model.model],
    ]);
  }
  if (transcriber) {
    const stored = current?.transcriber;
    pairs.push(
      [
        'transcriber.model',
        TRANSCRIBER_MODELS,
        'Transcriber model',
        [transcriber.provider, transcriber.model],
        [stored?.provider, stored?.model],
      ],
      [
        'transcriber.language',
        LANGUAGES,
        'Language',
        [transcriber.provider, transcriber.language],
        [stored?.provider, stored?.language],
      ],
    );
  }
  return pairs;
}

export interface AssistantsDeps {
  repo: AssistantsRepo;
  voice: VoicePort;
  now?: () => Date;
}

export function createAssistantsService({ repo, voice, now = () => new Date() }: AssistantsDeps) {
  async function found(viewer: Viewer, id: string) {
    const row = await repo.find(practiceIdOf(viewer), id, scopeOf(viewer));
    if (!row) throw notFound(ASSISTANT_MESSAGES.notFound);
    return row;
  }

  async function setKnowledgeBaseFile(
    viewer: Viewer,
    id: string,
    file: KnowledgeBaseFile | null,
  ): Promise<Assistant> {
    if (viewer.principal.role !== 'admin') throw forbidden(ASSISTANT_MESSAGES.fileAdminOnly);
    const { row, previousFileId } = await repo.transaction(async (tx) => {
      const current = await repo.find(practiceIdOf(viewer), id, scopeOf(viewer), tx);
      if (!current) throw notFound(ASSISTANT_MESSAGES.notFound);
      if (!file && !current.knowledgeBaseFileName && !current.knowledgeBaseFileId) {
        throw notFound(ASSISTANT_MESSAGES.noFile);
      }
      const fileId = file ? await voice.uploadKnowledgeBaseFile(file) : null;
      try {
        if (current.providerId) await voice.updateAssistant(current.providerId, {}, fileId);
        const row = await repo.setKnowledgeBaseFile(
          tx,
          practiceIdOf(viewer),
          id,
          {
            knowledgeBaseFileId: fileId,
            knowledgeBaseFileName: file?.fileName ?? null,
            knowledgeBaseFileBytes: file?.content.length ?? null,
          },
          now(),
        );
        return { row, previousFileId: current.knowledgeBaseFileId };
      } catch (error) {
        if (fileId) await voice.deleteKnowledgeBaseFile(fileId).catch(() => undefined);
        throw error;
      }
    });
    if (previousFileId && previousFileId !== row.knowledgeBaseFileId) {
      // The assistant no longer uses it; a file left behind on failure costs storage, not correctness.
      await voice.deleteKnowledgeBaseFile(previousFileId).catch(() => undefined);
    }
    return toAssistant(row);
  }

  return {
    /** Admins see every assistant; a sub user only those assigned to them (their prompts included). */
    list: (viewer: Viewer) => repo.list(practiceIdOf(viewer), scopeOf(viewer)),
    countAll: () => repo.countAll(),
    /** The practice's ids of its assistants by the platform's ids (for numbers imported from the platform). */
    idsByProviderIds: (practice: PracticeContext, providerIds: string[]) =>
      repo.byProviderIds(practice.id, providerIds),
    /** The practice that holds the assistant with this platform id (a call names the assistant it reached). */
    practiceOfProviderId: (providerId: string) => repo.practiceOfProviderId(providerId),

    get: async (viewer: Viewer, id: string): Promise<Assistant> => toAssistant(await found(viewer, id)),
    /** What placing a call with the assistant needs: the platform's id (ours in the sandbox), its longest call. */
    async forCalls(
      practiceId: string,
      id: string,
    ): Promise<{ platformId: string; maxDurationSeconds: number } | undefined> {
      const row = await repo.find(practiceId, id, null);
      return row && { platformId: row.providerId ?? row.id, maxDurationSeconds: row.maxDurationSeconds };
    },

    /** The assistant when the viewer may use it (id from our database), else undefined. */
    visible: async (viewer: Viewer, id: string): Promise<Assistant | undefined> => {
      const row = await repo.find(practiceIdOf(viewer), id, scopeOf(viewer));
      return row && toAssistant(row);
    },

    /**
     * The platform first (file, then assistant), then our row. A failure on the platform writes nothing here
     * and removes what the platform already took; a failure here removes the platform's copies.
     */
    async create(viewer: Viewer, input: CreateAssistantInput, file?: KnowledgeBaseFile): Promise<Assistant> {
      if (viewer.principal.role !== 'admin') throw forbidden(ASSISTANT_MESSAGES.adminOnly);
      const spec = withSystemPrompt(input);
      checkOptions(spec);
      const fileId = file ? await voice.uploadKnowledgeBaseFile(file) : null;
      let providerId: string | null = null;
      try {
        providerId = await voice.createAssistant(spec, fileId);
        const row = await repo.insert({
          ...spec,
          practiceId: practiceIdOf(viewer),
          providerId,
          knowledgeBaseFileId: fileId,
          knowledgeBaseFileName: file?.fileName ?? null,
          knowledgeBaseFileBytes: file?.content.length ?? null,
        });
        return toAssistant(row);
      } catch (error) {
        if (providerId) await voice.deleteAssistant(providerId).catch(() => undefined);
        if (fileId) await voice.deleteKnowledgeBaseFile(fileId).catch(() => undefined);
        throw error;
      }
    },

    /**
     * Assistants on the platform account that no practice has yet, into this practice. Each gets the
     * receptionist's tools and our webhook on the platform before it is stored here; one the platform refuses
     * is reported and skipped. One another practice already holds stays theirs and is not listed.
     */
    async importFromPlatform(practice: PracticeContext): Promise<AssistantImport[]> {
      const remote = await voice.listAssistants();
      const known = await repo.providerIds();
      const report: AssistantImport[] = [];
      for (const assistant of remote.filter((a) => a.id && !known.has(a.id))) {
        const { id, createdAt, updatedAt, ...spec } = assistant;
        try {
          await voice.updateAssistant(id, {});
        } catch (error) {
          if (!isVoiceError(error)) throw error;
          report.push({ name: spec.name, providerId: id, imported: false, reason: error.message });
          continue;
        }
        await repo.insert({
          ...spec,
          practiceId: practice.id,
          providerId: id,
          createdAt: new Date(createdAt),
          updatedAt: new Date(updatedAt),
        });
        report.push({ name: spec.name, providerId: id, imported: true });
      }
      return report;
    },

    /** Our row is changed in a transaction that commits only after the platform took the change. */
    async update(viewer: Viewer, id: string, input: UpdateAssistantInput): Promise<Assistant> {
      return repo.transaction(async (tx) => {
        const current = await repo.find(practiceIdOf(viewer), id, scopeOf(viewer), tx);
        if (!current) throw notFound(ASSISTANT_MESSAGES.notFound);
        const stored = specOf(current);
        // A model sent without its messages keeps the stored prompt (the platform replaces the whole model).
        const { model, ...rest } = input;
        const changes: Partial<AssistantSpec> = {
          ...rest,
          ...(model && { model: { ...model, messages: model.messages ?? stored.model.messages } }),
        };
        checkOptions(changes, stored);
        const row = await repo.update(tx, practiceIdOf(viewer), id, changes, now());
        if (current.providerId) {
          await voice.updateAssistant(current.providerId!, changes);
        }
        return toAssistant(row);
      });
    },

    /**
     * Admins: the assistant answers from a new file. The platform takes the file and the assistant first; the
     * file it replaces is deleted from the platform only after our row points at the new one.
     */
    async replaceKnowledgeBaseFile(viewer: Viewer, id: string, file: KnowledgeBaseFile): Promise<Assistant> {
      return setKnowledgeBaseFile(viewer, id, file);
    },

    /** Admins: the assistant stops answering from its file, which is then deleted from the platform. */
    async removeKnowledgeBaseFile(viewer: Viewer, id: string): Promise<Assistant> {
      return setKnowledgeBaseFile(viewer, id, null);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const current = await repo.find(practiceIdOf(viewer), id, scopeOf(viewer), tx);
        if (!current) throw notFound(ASSISTANT_MESSAGES.notFound);
        await repo.remove(tx, practiceIdOf(viewer), id);
        if (current.providerId) await deleteUnlessGone(() => voice.deleteAssistant(current.providerId!));
        if (current.knowledgeBaseFileId) {
          await voice.deleteKnowledgeBaseFile(current.knowledgeBaseFileId).catch(() => undefined);
        }
      });
    },
  };
}

export type AssistantsService = ReturnType<typeof createAssistantsService>;
export { specOf } from './assistant-row';
