import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Response compression for the bodies we build ourselves (HTML pages, cached JSON). */
export type Encoding = 'br' | 'gzip';

const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
}

export function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_FAST) : gzipSync(body);
}

/** Off the event loop: for large bodies. */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, BROTLI_FAST) : gzipAsync(body);
}

/** Marks the reply as varying by Accept-Encoding and, when `encoding` is set, encoded with it. */
export function markEncoding(reply: FastifyReply, encoding: Encoding | undefined): void {
  if (!reply.hasHeader('vary')) void reply.header('vary', 'accept-encoding');
  if (encoding) void reply.header('content-encoding', encoding);
}
