// autocannon with a different body for each request (`loadEach` in lib.ts runs it in a process of its own):
// node bench/load-each.mjs <config.json>, the config holding url, connections, duration, headers and bodies.
// Prints autocannon's result as JSON, as its command line does with --json.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const { url, connections, duration, headers, bodies } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const encoded = bodies.map((body) => JSON.stringify(body));
let next = 0;
const result = await autocannon({
  url,
  connections,
  duration,
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: encoded[next++ % encoded.length] }) }],
});
process.stdout.write(JSON.stringify(result));
