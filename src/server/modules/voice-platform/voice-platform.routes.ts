import {
  VOICE_PLATFORM_MESSAGES,
  VoicePlatformImportResponseSchema,
  VoicePlatformResponseSchema,
} from '#shared/schemas/voice-platform';
import type { App } from '../../app-types';
import { badRequest } from '../../errors';
import { practiceOf } from '../../plugins/auth';
import type { VoicePlatformService } from './voice-platform.service';

export function registerVoicePlatformRoutes(app: App, platform: VoicePlatformService): void {
  app.get(
    '/api/voice-platform',
    { schema: { response: { 200: VoicePlatformResponseSchema } } },
    async () => ({ provider: platform.provider() }),
  );

  app.post(
    '/api/voice-platform/import',
    {
      config: {
        access: 'voicePlatform:import',
        audit: { action: 'voice_platform.import', resourceType: 'voice_platform' },
      },
      // No body.
      schema: { response: { 200: VoicePlatformImportResponseSchema } },
    },
    async (request) => {
      if (platform.provider() === 'sandbox') throw badRequest(VOICE_PLATFORM_MESSAGES.sandboxImport);
      const { imported, assistants, skippedPhoneNumbers } = await platform.importFromPlatform(
        practiceOf(request),
      );
      const refused = assistants.length - imported.assistants;
      request.auditDetail =
        `${imported.assistants} assistants, ${imported.phoneNumbers} phone numbers` +
        (refused ? `, ${refused} assistants refused by the platform` : '') +
        (skippedPhoneNumbers.length
          ? `, ${skippedPhoneNumbers.length} phone numbers of other practices`
          : '');
      return { success: true as const, imported, assistants, skippedPhoneNumbers };
    },
  );
}
