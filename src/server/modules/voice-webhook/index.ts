import type { AppModule } from '../../app-types';
import { registerWebhookRoutes, type WebhookDeps } from './voice-webhook.routes';

/** POST /webhook: the receptionist's functions and the voice platform's messages. */
export const createVoiceWebhookModule = (deps: WebhookDeps): AppModule => ({
  name: 'voice-webhook',
  service: undefined,
  routes: (app) => registerWebhookRoutes(app, deps),
});
