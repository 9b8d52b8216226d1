import type { Assistant } from '#shared/schemas/assistants';
import type { assistants } from '../../db/schema/index';
import type { AssistantSpec } from '../../integrations/voice/port';

export type AssistantRow = typeof assistants.$inferSelect;

/** A stored assistant as the API shows it. */
export function toAssistant(row: AssistantRow): Assistant {
  return {
    id: row.id,
    name: row.name,
    firstMessage: row.firstMessage,
    firstMessageMode: row.firstMessageMode as Assistant['firstMessageMode'],
    voicemailMessage: row.voicemailMessage,
    endCallMessage: row.endCallMessage,
    maxDurationSeconds: row.maxDurationSeconds,
    backgroundSound: row.backgroundSound,
    voice: row.voice,
    model: row.model,
    transcriber: row.transcriber,
    startSpeakingPlan: row.startSpeakingPlan,
    stopSpeakingPlan: row.stopSpeakingPlan,
    clientMessages: row.clientMessages,
    serverMessages: row.serverMessages,
    knowledgeBaseFileName: row.knowledgeBaseFileName,
    knowledgeBaseFileBytes: row.knowledgeBaseFileBytes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored settings, as the voice port takes them. */
export function specOf(row: AssistantRow): AssistantSpec {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    knowledgeBaseFileName: _k,
    knowledgeBaseFileBytes: _b,
    ...spec
  } = toAssistant(row);
  return spec;
}
