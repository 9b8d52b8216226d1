// autocannon POSTing JSON from templates in which every request gets a caller number no request had before
// (`loadCallers` in bench/lib.ts runs it in a process of its own): node bench/load-callers.mjs <config.json>,
// the config holding url, connections, duration, headers and templates (JSON text with __CALLER__ and __N__ in
// it). Prints autocannon's result as JSON, as its command line does with --json, with
// `latencyMs`: p50 and p99 to a hundredth of a millisecond (latency.mjs).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { answerTimes } from './latency.mjs';

const { url, connections, duration, headers, templates, first } = JSON.parse(
  readFileSync(process.argv[2], 'utf8'),
);
const parts = templates.map((template) => template.split('__CALLER__').map((part) => part.split('__N__')));
let next = first;
/** +1 212 NXX XXXX with the exchange from 300 up: millions of distinct, valid US numbers. */
const caller = (n) => `+1212${300 + Math.floor(n / 10_000)}${String(n % 10_000).padStart(4, '0')}`;
const body = (n) => parts[n % parts.length].map((pieces) => pieces.join(String(n))).join(caller(n));
const run = autocannon({
  url,
  connections,
  duration,
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: body(next++) }) }],
});
const latencyMs = answerTimes(run);
const result = await run;
process.stdout.write(JSON.stringify({ ...result, latencyMs: latencyMs(), next }));
