import type { Assistant } from '#shared/schemas/assistants';
import type { VoiceProviderKind } from '#shared/schemas/voice-platform';

/**
 * The voice platform as the product needs it (ADR 026): assistants, their knowledge-base files, phone numbers
 * and outbound calls. Our database is the record; an adapter mirrors writes to the platform first.
 */

/**
 * What we configure on an assistant (the section 3 fields). Values are as stored: an assistant imported from
 * the platform may use a provider or a background sound our dialog does not offer.
 */
export type AssistantSpec = Omit<
  Assistant,
  'id' | 'createdAt' | 'updatedAt' | 'knowledgeBaseFileName' | 'knowledgeBaseFileBytes'
>;

export interface RemoteAssistant extends AssistantSpec {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface RemotePhoneNumber {
  id: string;
  name: string | null;
  /** E.164; null while the platform is provisioning it. */
  number: string | null;
  /** The platform's assistant id. */
  assistantId: string | null;
  createdAt: string;
}

export interface KnowledgeBaseUpload {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

export interface OutboundCallRequest {
  /** The platform's ids (ours in the sandbox). */
  assistantId: string;
  phoneNumberId: string;
  customer: { number: string; name?: string };
  /** Values for the assistant's {{variables}} (patient name, appointment, custom message). */
  variables?: Record<string, string>;
  /**
   * Ours, unique per attempt: the built-in sandbox places a key at most once (a repeat answers the same
   * call); the platform gets it as the call's name, so a call can be traced back to its attempt.
   */
  placementKey?: string;
  /**
   * A repair after a crash: the attempt may already have been placed since this instant, before its call id
   * was stored. The port then answers that call instead of placing another.
   */
  placedSince?: Date;
}

export interface RemoteCall {
  id: string;
  status: string;
}

export interface VoicePort {
  readonly kind: VoiceProviderKind;

  /** Everything the account holds; the sandbox holds nothing outside our database. */
  listAssistants(): Promise<RemoteAssistant[]>;
  getAssistant(id: string): Promise<RemoteAssistant>;
  /** Returns the platform's id, or null when the assistant lives only in our database (sandbox). */
  createAssistant(spec: AssistantSpec, knowledgeBaseFileId?: string | null): Promise<string | null>;
  /**
   * `knowledgeBaseFileId`: the file the assistant answers from after the update (null: none); left out, the
   * assistant keeps the one it has.
   */
  updateAssistant(
    id: string,
    changes: Partial<AssistantSpec>,
    knowledgeBaseFileId?: string | null,
  ): Promise<void>;
  deleteAssistant(id: string): Promise<void>;

  /** Returns the platform's file id, or null in the sandbox (no model reads it there). */
  uploadKnowledgeBaseFile(file: KnowledgeBaseUpload): Promise<string | null>;
  deleteKnowledgeBaseFile(id: string): Promise<void>;

  listPhoneNumbers(): Promise<RemotePhoneNumber[]>;
  updatePhoneNumber(
    id: string,
    changes: { name?: string | null; assistantId?: string | null },
  ): Promise<void>;
  deletePhoneNumber(id: string): Promise<void>;

  createOutboundCall(request: OutboundCallRequest): Promise<RemoteCall>;
  getCall(id: string): Promise<RemoteCall>;
  /**
   * Only a platform that runs inside our processes (the sandbox): finishes the calls whose process died while
   * another instance runs on. A real platform's calls outlive our processes, so it has none.
   */
  resumeLostCalls?(): Promise<number>;
}
