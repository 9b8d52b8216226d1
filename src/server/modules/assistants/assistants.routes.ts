import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ASSISTANT_JSON_FIELDS,
  ASSISTANT_MESSAGES,
  AssistantIdParamsSchema,
  AssistantListResponseSchema,
  AssistantResponseSchema,
  CreateAssistantInputSchema,
  KNOWLEDGE_BASE_MAX_BYTES,
  UpdateAssistantInputSchema,
  type CreateAssistantInput,
} from '#shared/schemas/assistants';
import type { AuditAction } from '#shared/schemas/audit';
import { SuccessResponseSchema } from '#shared/schemas/common';
import type { App } from '../../app-types';
import { AppError, badRequest } from '../../errors';
import { viewer } from '../../plugins/auth';
import { hasInvalidText, INVALID_MESSAGE, refuseInvalidText, storableText } from '../../plugins/input-text';
import { exceedsJsonDepth, TOO_DEEP_MESSAGE } from '../../plugins/json-body';
import { validationMessage } from '../../plugins/validation-message';
import type { AssistantsService } from './assistants.service';
import { checkKnowledgeBaseFile, fileTooLarge, type KnowledgeBaseFile } from './knowledge-base-file';

const write = (
  action: AuditAction,
  access: 'assistants:manage' | 'assistants:create' = 'assistants:manage',
) => ({ access, audit: { action, resourceType: 'assistant' } }) as const;

/** Field → first message, the shape of the shared error body. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[issue.path.join('.') || 'body'] ??= validationMessage({ ...issue });
  return fields;
}

const MAX_TEXT_FIELDS = 30;

/**
 * A multipart form of ours: text fields (the JSON ones parsed, maxDurationSeconds as a number only when it is
 * one) and the optional `knowledgeBaseFile`, checked by name and content.
 */
async function readForm(
  request: FastifyRequest,
): Promise<{ raw: Record<string, unknown>; file?: KnowledgeBaseFile }> {
  if (!request.isMultipart()) throw badRequest('Send the assistant as multipart/form-data.');
  const raw: Record<string, unknown> = {};
  let file: KnowledgeBaseFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: KNOWLEDGE_BASE_MAX_BYTES, files: 1, fields: MAX_TEXT_FIELDS },
    })) {
      // Multipart bodies skip the JSON body's text check (input-text.ts): the same rule, part by part.
      const name = part.type === 'file' ? part.filename : part.value;
      if (hasInvalidText(part.fieldname) || (typeof name === 'string' && hasInvalidText(name))) {
        throw badRequest(INVALID_MESSAGE, { [storableText(part.fieldname)]: INVALID_MESSAGE });
      }
      if (part.type === 'file') {
        if (part.fieldname !== 'knowledgeBaseFile')
          throw badRequest(`Unexpected file field ${part.fieldname}.`);
        const content = await part.toBuffer();
        if (part.filename) file = checkKnowledgeBaseFile(part.filename, content);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if ((ASSISTANT_JSON_FIELDS as readonly string[]).includes(part.fieldname)) {
        if (exceedsJsonDepth(value)) {
          throw badRequest(TOO_DEEP_MESSAGE, { [part.fieldname]: TOO_DEEP_MESSAGE });
        }
        try {
          raw[part.fieldname] = JSON.parse(value);
        } catch {
          throw badRequest(ASSISTANT_MESSAGES.invalidJson, {
            [part.fieldname]: ASSISTANT_MESSAGES.invalidJson,
          });
        }
        refuseInvalidText(raw[part.fieldname], part.fieldname);
      } else if (part.fieldname === 'maxDurationSeconds') {
        raw.maxDurationSeconds = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
      } else {
        raw[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send at most one knowledge base file.');
    if (code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest('Send the assistant as multipart/form-data.');
    throw error;
  }
  return { raw, ...(file && { file }) };
}

/** POST /api/assistants: the assistant's fields and its optional knowledge-base file. */
async function readCreateForm(
  request: FastifyRequest,
): Promise<{ input: CreateAssistantInput; file?: KnowledgeBaseFile }> {
  const { raw, file } = await readForm(request);
  const parsed = CreateAssistantInputSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error);
    throw badRequest(Object.values(fields)[0] ?? 'The assistant is not valid.', fields);
  }
  return { input: parsed.data, ...(file && { file }) };
}

/**
 * In a scope of their own: @fastify/multipart adds a parser and two hooks, which registered beside every other
 * route would run on every request of the app (issue 26).
 */
export async function registerAssistantRoutes(app: App, assistants: AssistantsService): Promise<void> {
  await app.register(async (plain) => assistantRoutes(plain.withTypeProvider<ZodTypeProvider>(), assistants));
}

async function assistantRoutes(app: App, assistants: AssistantsService): Promise<void> {
  // Only multipart parsing: files are read as streams within the limits given per request.
  await app.register(multipart, { limits: { fileSize: KNOWLEDGE_BASE_MAX_BYTES, files: 1 } });

  app.get(
    '/api/assistants',
    { config: { access: 'assistants:view' }, schema: { response: { 200: AssistantListResponseSchema } } },
    async (request) => ({ assistants: await assistants.list(viewer(request)) }),
  );

  app.get(
    '/api/assistants/:id',
    {
      config: { access: 'assistants:view' },
      schema: { params: AssistantIdParamsSchema, response: { 200: AssistantResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      assistant: await assistants.get(viewer(request), request.params.id),
    }),
  );

  // The body is multipart (validated in readCreateForm with CreateAssistantInputSchema).
  app.post(
    '/api/assistants',
    {
      config: write('assistant.create', 'assistants:create'),
      schema: { consumes: ['multipart/form-data'], response: { 200: AssistantResponseSchema } },
    },
    async (request) => {
      const { input, file } = await readCreateForm(request);
      const assistant = await assistants.create(viewer(request), input, file);
      request.auditResourceId = assistant.id;
      return { success: true as const, assistant };
    },
  );

  app.patch(
    '/api/assistants/:id',
    {
      config: write('assistant.update'),
      schema: {
        params: AssistantIdParamsSchema,
        body: UpdateAssistantInputSchema,
        response: { 200: AssistantResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      assistant: await assistants.update(viewer(request), request.params.id, request.body),
    }),
  );

  // The body is multipart: the new file as `knowledgeBaseFile`, checked like the one sent on create.
  app.put(
    '/api/assistants/:id/knowledge-base-file',
    {
      config: write('assistant.update', 'assistants:create'),
      schema: {
        consumes: ['multipart/form-data'],
        params: AssistantIdParamsSchema,
        response: { 200: AssistantResponseSchema },
      },
    },
    async (request) => {
      const { file } = await readForm(request);
      const M = ASSISTANT_MESSAGES;
      if (!file) throw badRequest(M.fileRequired, { knowledgeBaseFile: M.fileRequired });
      const assistant = await assistants.replaceKnowledgeBaseFile(viewer(request), request.params.id, file);
      return { success: true as const, assistant };
    },
  );

  app.delete(
    '/api/assistants/:id/knowledge-base-file',
    {
      config: write('assistant.update', 'assistants:create'),
      schema: { params: AssistantIdParamsSchema, response: { 200: AssistantResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      assistant: await assistants.removeKnowledgeBaseFile(viewer(request), request.params.id),
    }),
  );

  app.delete(
    '/api/assistants/:id',
    {
      config: write('assistant.delete'),
      schema: { params: AssistantIdParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await assistants.remove(viewer(request), request.params.id);
      return { success: true as const };
    },
  );
}
