import type { Vapi } from '@vapi-ai/server-sdk';

/**
 * The request bodies we send to Vapi, as its SDK (generated from Vapi's OpenAPI spec) types them. The mapper's
 * outputs carry these types, so `tsc` refuses an unknown key or a wrong enum value; the fake Vapi server
 * validates every body against JSON Schemas generated from these same names (vapi-schemas.ts).
 */
export type VapiAssistantCreate = Vapi.CreateAssistantDto;
export type VapiAssistantUpdate = Omit<Vapi.UpdateAssistantDto, 'id'>;
export type VapiCallCreate = Vapi.CreateCallDto;
/**
 * Detaching a number's assistant sends `assistantId: null`: the spec's DTOs declare no nullable fields, but a
 * key left out leaves the assistant attached (ADR 043). This one key is widened; the rest stays the SDK's.
 */
type Detachable<T> = Omit<T, 'assistantId'> & { assistantId?: string | null };
export type VapiPhoneNumberUpdate =
  | Detachable<Vapi.UpdatePhoneNumbersRequestBody.Vapi>
  | Detachable<Vapi.UpdatePhoneNumbersRequestBody.Twilio>
  | Detachable<Vapi.UpdatePhoneNumbersRequestBody.Vonage>
  | Detachable<Vapi.UpdatePhoneNumbersRequestBody.Telnyx>
  | Detachable<Vapi.UpdatePhoneNumbersRequestBody.ByoPhoneNumber>;

/** One type naming every body, so the schema generator runs once (vapi-schemas.ts). */
export interface VapiRequestBodies {
  assistantCreate: VapiAssistantCreate;
  assistantUpdate: VapiAssistantUpdate;
  callCreate: VapiCallCreate;
  phoneNumberUpdate: VapiPhoneNumberUpdate;
}
