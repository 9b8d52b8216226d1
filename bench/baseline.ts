// Baselines measured in the same run as the app (issue 26), so a figure on this shared machine is read against
// what the machine could do that minute:
//   bare http  the same SQL from a node:http server: no framework, the same pg pool, JSON.stringify of the rows;
//   bare SQL   the same statements through `pg` alone, as many requests at once as autocannon has connections.
// `compareReads` runs the three for each read, in that order, and prints them side by side with the load average.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Pool, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { percentiles } from './latency.mjs';
import { CONNECTIONS, cpuPerRequest, DURATION_SECONDS, type LoadResult } from './lib';

/** What a handler answers: a body for JSON.stringify, or a status and a body. */
export type BareAnswer = { status: number; body: unknown } | unknown;

/**
 * A node:http server on a free loopback port: `handler` gets the request and its parsed URL and returns the body
 * (`undefined`: 404; a thrown error: 500 with no detail). What the app adds on top of it is the framework's cost.
 */
export async function bareHttpServer(
  handler: (request: http.IncomingMessage, url: URL) => Promise<BareAnswer>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    handler(request, url).then(
      (answer) => {
        const { status, body } =
          answer === undefined
            ? { status: 404, body: { error: 'not found' } }
            : typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer
              ? (answer as { status: number; body: unknown })
              : { status: 200, body: answer };
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(body));
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end('{"error":"failed"}');
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The SQL of `connections` clients in a closed loop for `seconds`, through `pool` (so its size queues them as it
 * queues the app's): the i-th request (counted over all clients) is `request(i, query)`, which makes its queries
 * in order through `query` (a statement with a `name` is prepared once per connection, as the app's are). Latency
 * is measured from the request's start to its last row, as autocannon measures a response's.
 */
export async function barePgLoad(
  pool: Pool,
  request: (
    i: number,
    query: <R extends QueryResultRow>(statement: QueryConfig) => Promise<QueryResult<R>>,
  ) => Promise<unknown>,
  { connections = CONNECTIONS, seconds = DURATION_SECONDS } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const query = <R extends QueryResultRow>(statement: QueryConfig) => pool.query<R>(statement);
  const client = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        await request(next++, query);
        latencies.push(performance.now() - start);
      } catch {
        failed++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    ...percentiles(latencies),
    non2xx: failed,
    ok: latencies.length,
    sent: latencies.length + failed,
  };
}

/** The load average (1, 5 and 15 minutes) as `1.93 / 1.71 / 1.62`. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

/** Clock ticks (the kernel's USER_HZ, 100 on Linux) in µs. */
const TICK_US = 10_000;

/**
 * CPU time (user and system, µs) used so far by the PostgreSQL whose data folder is `dataDir`: the postmaster and
 * every process it started (one backend per pooled connection, the WAL writer, the checkpointer). A process that
 * exited is not counted; the pool's connections live through a run.
 */
export function databaseCpu(dataDir: string): number {
  const postmaster = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fields: string[];
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After "pid (name) ": state, ppid, … utime and stime are the 12th and 13th.
      fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      continue; // exited meanwhile
    }
    if (pid === postmaster || fields[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_US;
}

/** CPU per answered request (µs) of the process serving it and of the database, for one run. */
export interface CpuPerRequest {
  server: number;
  database: number;
}

export interface Comparison {
  read: string;
  app: LoadResult;
  bareHttp: LoadResult;
  bareSql: LoadResult;
  /** The 1-minute load average after each of the three runs. */
  load: [number, number, number];
  /** For the app and the bare http server, when the database's folder was given. */
  cpu?: { app: CpuPerRequest; bareHttp: CpuPerRequest };
}

/**
 * For each read: the app, then the bare http server, then the bare SQL, each for DURATION_SECONDS, before the
 * next read starts (the three figures of a row come from the same minute). `before` runs ahead of each of the
 * three (e.g. emptying the read caches). With `dataDir` (the database's folder, this process serving both
 * servers) each row also has the CPU per request of the server and of the database: on a shared machine the
 * work each answer costs is steadier than how many answers a run got.
 */
export async function compareReads(
  reads: readonly {
    read: string;
    app: () => Promise<LoadResult>;
    bareHttp: () => Promise<LoadResult>;
    bareSql: () => Promise<LoadResult>;
  }[],
  before: () => Promise<void> | void = () => undefined,
  dataDir?: string,
): Promise<Comparison[]> {
  const rows: Comparison[] = [];
  for (const { read, app, bareHttp, bareSql } of reads) {
    const measured: LoadResult[] = [];
    const cpu: CpuPerRequest[] = [];
    const load: number[] = [];
    for (const measure of [app, bareHttp, bareSql]) {
      await before();
      const database = dataDir ? databaseCpu(dataDir) : 0;
      const { figure, cpu: server } = await cpuPerRequest(measure);
      cpu.push({
        server,
        database: dataDir ? Math.round((databaseCpu(dataDir) - database) / Math.max(1, figure.ok)) : 0,
      });
      measured.push(figure);
      load.push(loadavg()[0]!);
    }
    rows.push({
      read,
      app: measured[0]!,
      bareHttp: measured[1]!,
      bareSql: measured[2]!,
      load: load as [number, number, number],
      ...(dataDir && { cpu: { app: cpu[0]!, bareHttp: cpu[1]! } }),
    });
    console.log(`  measured: ${read} (load average ${loadAverage()})`);
  }
  return rows;
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

/**
 * The comparison as a Markdown table: p99 of the app, of the bare http server and of the bare SQL, the app's
 * p99 over the bare server's, its throughput over the bare server's, and the 1-minute load average after each
 * run. `goal` (optional) judges a row and is printed last.
 */
export function printComparison(
  title: string,
  rows: readonly Comparison[],
  goal?: (row: Comparison) => string,
): void {
  console.log(`\n${title}`);
  const withCpu = rows.some((row) => row.cpu);
  console.log(
    '| read | app p99 | bare http p99 | bare SQL p99 | app ÷ bare http | throughput app/bare http | app, bare http, bare SQL req/s | errors | load average |' +
      (withCpu ? ' CPU µs/request, server + database: app, bare http |' : '') +
      (goal ? ' goal |' : ''),
  );
  console.log(
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- |${withCpu ? ' --- |' : ''}${goal ? ' --- |' : ''}`,
  );
  const cpuCell = ({ server, database }: CpuPerRequest) => `${server} + ${database}`;
  for (const row of rows) {
    const { app, bareHttp, bareSql } = row;
    console.log(
      `| ${row.read} | ${app.p99} ms | ${bareHttp.p99} ms | ${bareSql.p99} ms | ${ratio(app.p99, bareHttp.p99)} | ` +
        `${ratio(app.requestsPerSecond, bareHttp.requestsPerSecond)} | ` +
        `${app.requestsPerSecond}, ${bareHttp.requestsPerSecond}, ${bareSql.requestsPerSecond} | ` +
        `${app.non2xx + bareHttp.non2xx + bareSql.non2xx} | ${row.load.map((l) => l.toFixed(2)).join(', ')} |` +
        (withCpu ? ` ${row.cpu ? `${cpuCell(row.cpu.app)}, ${cpuCell(row.cpu.bareHttp)}` : '–'} |` : '') +
        (goal ? ` ${goal(row)} |` : ''),
    );
  }
}
