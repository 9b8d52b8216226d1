// GET /api/calls through the whole app (Fastify, hooks, policy, response schema) beside a bare node:http server
// making the same queries from the same pool: the session lookup by bearer and the scoped call list. The ratio
// is what the framework costs, so it compares the app with its read caches off (the same database work on both
// sides); the p99 target is for the app as it runs, caches on (ADR 022). Run with `npm run bench -- calls`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { createAuthRepo, hashSessionId } from '../src/server/modules/auth/auth.repo';
import { createCallsRepo } from '../src/server/modules/calls/calls.repo';
import { visibleCallNumbers } from '../src/server/modules/scope';
import { benchDatabase, CONNECTIONS, DURATION_SECONDS, listen, load, printTable, signIn } from './lib';

const database = await benchDatabase();
const session = { idleMinutes: 30, maxHours: 12 };
const uncachedApp = await buildApp({ db: database.db, session, logLevel: 'warn' });
const uncachedUrl = await listen(uncachedApp);
await database.changes.start();
const app = await buildApp({ db: database.db, session, logLevel: 'warn', changes: database.changes });
const appUrl = await listen(app);

const repo = createCallsRepo(database.db);
const sessions = createAuthRepo(database.db);
async function bareCalls(authorization: string | undefined): Promise<[number, unknown]> {
  const session = await sessions.findSession(hashSessionId(authorization?.slice('Bearer '.length) ?? ''));
  if (!session) return [401, { message: 'Please sign in to continue.' }];
  return [200, { calls: await repo.list(visibleCallNumbers(session.principal)) }];
}
const bare = http.createServer((req, res) => {
  bareCalls(req.headers.authorization).then(
    ([status, body]) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
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

const bearer = { authorization: `Bearer ${sessionId}` };
await load(`${uncachedUrl}/api/calls`, bearer); // warm-up, not reported
const bareResult = await load(`${bareUrl}/calls`, bearer);
const uncachedResult = await load(`${uncachedUrl}/api/calls`, bearer);
const appResult = await load(`${appUrl}/api/calls`, bearer);

printTable(
  `GET /api/calls (${CONNECTIONS} connections, ${DURATION_SECONDS} s, ${(await repo.list(null)).length} calls)`,
  [
    ['bare node:http, same queries', bareResult],
    ['app, read caches off (session + policy + schema)', uncachedResult],
    ['app as it runs (read caches on)', appResult],
  ],
);
const ratio = uncachedResult.requestsPerSecond / bareResult.requestsPerSecond;
console.log(
  `\nratio app/bare, same queries: ${ratio.toFixed(2)} (target >= 0.8); app p99: ${appResult.p99} ms (target <= 25)`,
);

await uncachedApp.close();
await app.close();
bare.close();
await database.dispose();
