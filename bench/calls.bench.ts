// GET /api/calls through the whole app (session check, scoping, response schema) beside a bare node:http
// server answering the same query from the same pool. Run with `npm run bench`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { createCallsRepo } from '../src/server/modules/calls/calls.repo';
import { benchDatabase, CONNECTIONS, DURATION_SECONDS, load, row } from './lib';

const database = await benchDatabase();
const app = await buildApp({ db: database.db, session: { idleMinutes: 30, maxHours: 12 }, logLevel: 'warn' });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const repo = createCallsRepo(database.db);
const bare = http.createServer((_, res) => {
  repo.list(null).then(
    (calls) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ calls }));
    },
    () => {
      res.writeHead(500);
      res.end();
    },
  );
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const login = await fetch(`${appUrl}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(DEMO_ADMIN),
});
const { sessionId } = (await login.json()) as { sessionId: string };

await load(`${appUrl}/api/calls`, { authorization: `Bearer ${sessionId}` }); // warm-up, not reported
const bareResult = await load(`${bareUrl}/calls`);
const appResult = await load(`${appUrl}/api/calls`, { authorization: `Bearer ${sessionId}` });

console.log(
  `\nGET /api/calls (${CONNECTIONS} connections, ${DURATION_SECONDS} s, ${(await repo.list(null)).length} calls)`,
);
console.log('| server | requests/s | p50 ms | p99 ms | errors |');
console.log('| --- | --- | --- | --- | --- |');
console.log(row('bare node:http, same query', bareResult));
console.log(row('app (session + policy + schema)', appResult));
const ratio = appResult.requestsPerSecond / bareResult.requestsPerSecond;
console.log(
  `\nratio app/bare: ${ratio.toFixed(2)} (target >= 0.8); app p99: ${appResult.p99} ms (target <= 25)`,
);

await app.close();
bare.close();
await database.dispose();
