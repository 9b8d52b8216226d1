import type { AppModule } from '../../app-types';
import { registerVoicePlatformRoutes } from './voice-platform.routes';
import {
  createVoicePlatformService,
  type VoicePlatformDeps,
  type VoicePlatformService,
} from './voice-platform.service';

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
          const imported = await service.importWhenEmpty();
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
