// autocannon with a different request each time (`loadEach` and `loadGets` in lib.ts run it in a process of its
// own): node bench/load-each.mjs <config.json>, the config holding url, connections, duration, headers and either
// bodies (POSTs of JSON) or gets (GETs, each a path with its own headers). Prints autocannon's result as JSON, as
// its command line does with --json, and
// `latencyMs`: p50 and p99 to a hundredth of a millisecond (latency.mjs).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { answerTimes } from './latency.mjs';

const { url, connections, duration, headers, bodies, gets } = JSON.parse(
  readFileSync(process.argv[2], 'utf8'),
);
let next = 0;
const encoded = bodies?.map((body) => JSON.stringify(body));
const run = gets
  ? autocannon({
      url,
      connections,
      duration,
      headers,
      requests: [
        {
          setupRequest: (request) => {
            const get = gets[next++ % gets.length];
            return {
              ...request,
              method: 'GET',
              path: get.path,
              headers: { ...request.headers, ...get.headers },
            };
          },
        },
      ],
    })
  : autocannon({
      url,
      connections,
      duration,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: encoded[next++ % encoded.length] }) }],
    });
const latencyMs = answerTimes(run);
const result = await run;
process.stdout.write(JSON.stringify({ ...result, latencyMs: latencyMs() }));
