import { asc } from 'drizzle-orm';
import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { practices } from '../../db/schema/index';
import type { PracticeContext } from '../../practice';
import { registerVoicePlatformRoutes } from './voice-platform.routes';
import {
  createVoicePlatformService,
  type VoicePlatformDeps,
  type VoicePlatformService,
} from './voice-platform.service';

/**
 * The boot import fills the oldest practice only (an install that used Vapi before issue 22); every other
 * practice imports from its console.
 */
async function oldestPractice(db: Db): Promise<PracticeContext | undefined> {
  const [row] = await db
    .select({
      id: practices.id,
      name: practices.name,
      timeZone: practices.timeZone,
      status: practices.status,
    })
    .from(practices)
    .orderBy(asc(practices.createdAt), asc(practices.id))
    .limit(1);
  return row;
}

/** The voice platform account itself: import, assistant requests. */
export function createVoicePlatformModule(deps: VoicePlatformDeps): AppModule<VoicePlatformService> {
  const service = createVoicePlatformService(deps);
  return {
    name: 'voice-platform',
    service,
    routes(app) {
      registerVoicePlatformRoutes(app, service);
      app.addHook('onReady', async () => {
        // A failed import must not stop the console from starting; an admin can run it again.
        try {
          const practice = await oldestPractice(deps.db);
          const imported = practice && (await service.importWhenEmpty(practice));
          if (imported) app.log.info({ imported }, 'voice platform account imported');
        } catch (error) {
          app.log.error(
            { err: { type: (error as Error).name, message: (error as Error).message } },
            'voice platform import failed',
          );
        }
      });
    },
  };
}
