// GET /api/calls through the whole app (Fastify, hooks, policy, response schema) beside a bare node:http server
// making the same queries from the same pool: the session lookup by bearer and the scoped call list. The ratio
// is what the framework costs; the database work is the same on both sides. Run with `npm run bench -- calls`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { createAuthRepo, hashSessionId } from '../src/server/modules/auth/auth.repo';
import { createCallsRepo } from '../src/server/modules/calls/calls.repo';
import { visibleCallNumbers } from '../src/server/modules/scope';
import { benchDatabase, CONNECTIONS, DURATION_SECONDS, listen, load, printTable, signIn } from './lib';

const database = await benchDatabase();
const app = await buildApp({ db: database.db, session: { idleMinutes: 30, maxHours: 12 }, logLevel: 'warn' });
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

await load(`${appUrl}/api/calls`, { authorization: `Bearer ${sessionId}` }); // warm-up, not reported
const bareResult = await load(`${bareUrl}/calls`, { authorization: `Bearer ${sessionId}` });
const appResult = await load(`${appUrl}/api/calls`, { authorization: `Bearer ${sessionId}` });

printTable(
  `GET /api/calls (${CONNECTIONS} connections, ${DURATION_SECONDS} s, ${(await repo.list(null)).length} calls)`,
  [
    ['bare node:http, same queries', bareResult],
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
