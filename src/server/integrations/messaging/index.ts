import { createSandboxMessaging, type SandboxMessagingOptions } from './sandbox/sandbox-messaging';
import { createTwilioMessaging } from './twilio/twilio-adapter';
import type { Messaging, SandboxMessaging } from './port';

export type {
  DeliveryStatus,
  Messaging,
  OutgoingText,
  SandboxMessaging,
  SandboxText,
  StatusReport,
  TextState,
} from './port';
export { SANDBOX_ACCOUNT_SID } from './sandbox/sandbox-messaging';
export { advanceStatus, DELIVERY_STATUSES, isFinalStatus, isMessagingError, MessagingError } from './port';
export { twilioSignature, validTwilioSignature } from './twilio/signature';

export interface MessagingConfig {
  /** TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; without both the built-in sandbox keeps the texts. */
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  /** TWILIO_BASE_URL */
  twilioBaseUrl?: string;
  statusCallbackUrl?: string;
  /** The sandbox's delivery timings (tests and the benchmark shorten them). */
  sandbox?: SandboxMessagingOptions;
}

/** Twilio when its credentials are set, otherwise the sandbox (its texts in this database). */
export function createMessaging(
  config: MessagingConfig,
  db: Parameters<typeof createSandboxMessaging>[0],
): Messaging | SandboxMessaging {
  if (!config.twilioAccountSid || !config.twilioAuthToken) return createSandboxMessaging(db, config.sandbox);
  return createTwilioMessaging({
    accountSid: config.twilioAccountSid,
    authToken: config.twilioAuthToken,
    baseUrl: config.twilioBaseUrl,
    statusCallbackUrl: config.statusCallbackUrl,
  });
}

export const isSandboxMessaging = (messaging: Messaging): messaging is SandboxMessaging =>
  messaging.kind === 'sandbox';
