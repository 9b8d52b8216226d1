import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '#shared/errors';

/**
 * Errors Fastify answers before any route or hook runs (a URL that does not decode, a path parameter over the
 * length limit) and those Node's HTTP parser raises (headers too large, a malformed request): the shared error
 * body and the same security headers as every other answer.
 */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long.'],
};

export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] = FRAMEWORK_ERRORS[error.code] ?? [400, 'The request is not valid.'];
    const body: ErrorEnvelope = { success: false, message, code: 'bad_request', requestId: request.id };
    void reply
      .headers(headers)
      .header('cache-control', 'no-store')
      .header('x-request-id', request.id)
      .status(status)
      .type('application/json')
      .send(body);
  };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid.'];
    const requestId = randomUUID();
    const body = JSON.stringify({
      success: false,
      message,
      code: status === 431 ? 'payload_too_large' : 'bad_request',
      requestId,
    } satisfies ErrorEnvelope);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'cache-control: no-store',
      `x-request-id: ${requestId}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
