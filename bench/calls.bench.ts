// GET /api/calls through the whole app (session check, scoping, response schema) beside a bare node:http
// server answering the same query from the same pool. Run with `npm run bench`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { createCallsRepo } from '../src/server/modules/calls/calls.repo';
import { benchDatabase, CONNECTIONS, DURATION_SECONDS, listen, load, printTable, signIn } from './lib';

const database = await benchDatabase();
const app = await buildApp({ db: database.db, session: { idleMinutes: 30, maxHours: 12 }, logLevel: 'warn' });
const appUrl = await listen(app);

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

const sessionId = await signIn(appUrl, DEMO_ADMIN);

await load(`${appUrl}/api/calls`, { authorization: `Bearer ${sessionId}` }); // warm-up, not reported
const bareResult = await load(`${bareUrl}/calls`);
const appResult = await load(`${appUrl}/api/calls`, { authorization: `Bearer ${sessionId}` });

printTable(
  `GET /api/calls (${CONNECTIONS} connections, ${DURATION_SECONDS} s, ${(await repo.list(null)).length} calls)`,
  [
    ['bare node:http, same query', bareResult],
    ['app (session + policy + schema)', appResult],
  ],
);
const ratio = appResult.requestsPerSecond / bareResult.requestsPerSecond;
console.log(
  `\nratio app/bare: ${ratio.toFixed(2)} (target >= 0.8); app p99: ${appResult.p99} ms (target <= 25)`,
);

await app.close();
bare.close();
await database.dispose();
