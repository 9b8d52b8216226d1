import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '#shared/errors';
import { asDatabaseBusy } from '../db/busy';
import { asAppError } from '../errors';
import { validationMessage } from './validation-message';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) {
  const body: ErrorEnvelope = {
    success: false,
    message,
    code,
    requestId: request.id,
    ...(fields && { fields }),
  };
  return reply.status(status).type('application/json').send(body);
}

const FASTIFY_CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'bad_request', 'Send the request body as JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'The request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', 'The request body is not valid JSON.'],
};

/**
 * What of an unexpected error may be logged: its type, codes and stack frames. Messages are left out, since the
 * database layer's messages quote the SQL with its parameters (patient data).
 */
export function safeErrorSummary(error: Error & { code?: string; cause?: unknown }) {
  const cause = error.cause as { code?: string; name?: string } | undefined;
  return {
    type: error.name,
    code: error.code ?? cause?.code,
    causeType: cause?.name,
    frames: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 8)
      .map((line) => line.trim()),
  };
}

/** Installed before any route: no SQL text or stack trace ever reaches a client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const answer = asAppError(thrown);
    const busy = answer ? undefined : asDatabaseBusy(thrown);
    if (busy) request.log.warn({ err: safeErrorSummary(thrown) }, 'database busy');
    const mapped = answer ?? busy;
    if (mapped) {
      if (mapped.headers) void reply.headers(mapped.headers);
      return send(reply, request, mapped.status, mapped.code, mapped.message, mapped.fields);
    }
    const error = thrown;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[key || error.validationContext || 'body'] ??= validationMessage({
          ...issue.params,
          code: issue.keyword,
          message: issue.message,
          path: key ? key.split('.') : [],
        });
      }
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return send(reply, request, 400, 'validation_failed', first, fields);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, request, ...known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, request, error.statusCode, 'bad_request', 'The request is not valid.');
    }
    request.log.error({ err: safeErrorSummary(error) }, 'unhandled error');
    return send(reply, request, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
  });
}
