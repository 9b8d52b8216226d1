import { asc } from 'drizzle-orm';
import type { Assistant } from '#shared/schemas/assistants';
import type { Db } from '../../db/client';
import { assistants } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import type { Scope } from '../scope';

type Row = typeof assistants.$inferSelect;

function toAssistant(row: Row): Assistant {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createAssistantsRepo(db: Db) {
  return {
    async list(scope: Scope): Promise<Assistant[]> {
      const rows = await db
        .select()
        .from(assistants)
        .where(inScope(assistants.id, scope))
        .orderBy(asc(assistants.createdAt), asc(assistants.name));
      return rows.map(toAssistant);
    },
  };
}
