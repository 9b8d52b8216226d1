import { createSandboxMessaging } from './sandbox/sandbox-messaging';
import { createTwilioMessaging } from './twilio/twilio-adapter';
import type { Messaging, SandboxMessaging } from './port';

export type {
  DeliveryStatus,
  Messaging,
  OutgoingText,
  SandboxMessaging,
  SandboxText,
  TextState,
} from './port';
export { advanceStatus, isFinalStatus, isMessagingError, MessagingError } from './port';
export { twilioSignature, validTwilioSignature } from './twilio/signature';

export interface MessagingConfig {
  /** TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; without both the built-in sandbox keeps the texts. */
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  /** TWILIO_BASE_URL */
  twilioBaseUrl?: string;
  statusCallbackUrl?: string;
}

/** Twilio when its credentials are set, otherwise the sandbox. */
export function createMessaging(config: MessagingConfig): Messaging | SandboxMessaging {
  if (!config.twilioAccountSid || !config.twilioAuthToken) return createSandboxMessaging();
  return createTwilioMessaging({
    accountSid: config.twilioAccountSid,
    authToken: config.twilioAuthToken,
    baseUrl: config.twilioBaseUrl,
    statusCallbackUrl: config.statusCallbackUrl,
  });
}

export const isSandboxMessaging = (messaging: Messaging): messaging is SandboxMessaging =>
  messaging.kind === 'sandbox';
