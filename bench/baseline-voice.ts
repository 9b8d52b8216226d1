// Baselines for the voice tool call benchmark (issue 26): the same queries from a bare node:http server on the
// same pool, and through `pg` alone. Kept apart from lib.ts for now (general baseline helpers are being added
// there on another branch); to be folded into it.
import { execFile } from 'node:child_process';
import { timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';

const run = promisify(execFile);
const autocannonDriver = path.resolve('bench/load-callers.mjs');

export interface Figure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The 1-minute load average when the run ended. */
  load: number;
}

/** The n-th distinct caller number, as `load-callers.mjs` makes it. */
export const callerNumber = (n: number) =>
  `+1212${300 + Math.floor(n / 10_000)}${String(n % 10_000).padStart(4, '0')}`;

let nextCaller = 0;

/**
 * POSTs for `seconds` with `connections` clients, each request one of `templates` (JSON text with `__CALLER__`
 * and `__N__`) with a caller number never sent before in this process. 127.0.0.1 only.
 */
export async function loadCallers(
  url: string,
  headers: Record<string, string>,
  templates: readonly string[],
  connections: number,
  seconds: number,
): Promise<Figure> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('load tests only target 127.0.0.1');
  const dir = mkdtempSync(path.join(tmpdir(), 'servc-callers-'));
  const config = path.join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ url, connections, duration: seconds, headers, templates, first: nextCaller }),
  );
  try {
    const { stdout } = await run(process.execPath, [autocannonDriver, config], { maxBuffer: 16 << 20 });
    const result = JSON.parse(stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
      next: number;
    };
    nextCaller = result.next;
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
      load: loadavg()[0]!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BareVoiceOptions {
  secret: string;
  /** The patient lookup the app sends (its text and values for a caller): the same statement here. */
  lookup: (caller: string) => { text: string; values: unknown[] };
  /** checkAvailability's answer by its arguments, as the app answered them (the bare server does no logic). */
  availability: (args: unknown) => string;
}

interface ToolCallBody {
  message: {
    customer?: { number?: string };
    toolCallList: { id: string; function: { name: string; arguments: unknown } }[];
  };
}

/**
 * A bare node:http server answering the platform's tool-calls with the same database work as the app: the
 * secret compared in constant time, the body parsed, the patient looked up by the number calling on the same
 * pool, the reply built with JSON.stringify. No framework, no validation, no audit entry, no caches.
 */
export async function bareVoiceServer(pool: Pool, options: BareVoiceOptions) {
  const secret = Buffer.from(options.secret);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = Buffer.from(String(request.headers['x-vapi-secret'] ?? ''));
      if (header.length !== secret.length || !timingSafeEqual(header, secret)) {
        response.writeHead(401).end();
        return;
      }
      const { message } = JSON.parse(Buffer.concat(chunks).toString()) as ToolCallBody;
      const caller = message.customer?.number ?? '';
      const { text, values } = options.lookup(caller);
      pool.query(text, values).then(
        ({ rows }) => {
          const results = message.toolCallList.map((call) => {
            if (call.function.name !== 'findPatient')
              return {
                toolCallId: call.id,
                name: call.function.name,
                result: options.availability(call.function.arguments),
              };
            const patient = rows[0] as
              | { id: string; given_name: string; family_name: string; phone: string; email: string | null }
              | undefined;
            const result = patient
              ? {
                  success: true,
                  patient: {
                    id: patient.id,
                    name: `${patient.given_name} ${patient.family_name}`,
                    phone_number: patient.phone,
                    email: patient.email,
                  },
                  message: 'Found.',
                }
              : { success: false, patient: null, message: 'No patient found with that phone number.' };
            return { toolCallId: call.id, name: call.function.name, result: JSON.stringify(result) };
          });
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify({ results }));
        },
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The patient lookup through `pg` alone: `connections` loops on the pool for `seconds`, a new caller each time. */
export async function barePg(
  pool: Pool,
  lookup: BareVoiceOptions['lookup'],
  connections: number,
  seconds: number,
): Promise<Figure> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { text, values } = lookup(callerNumber(nextCaller++));
        const started = performance.now();
        try {
          await pool.query(text, values);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    load: loadavg()[0]!,
  };
}
