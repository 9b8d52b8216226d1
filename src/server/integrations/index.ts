import type { Tx } from '../db/client';
import type { PracticeManagement } from './practice-management/port';
import type { VoicePort } from './voice/port';

/**
 * The ports services get, built once by `createIntegrations` in the composition root (composition.ts).
 * Services depend on these types only and never know which vendor is behind a port.
 */

/** What the practice-management integrations need of a linked account. */
export interface PmsConnector {
  connectorId: string;
  consumerId: string;
}

/** The practice a practice-management adapter works for. */
export interface PmsPractice {
  practiceId: string;
  /** IANA zone of the practice's wall times. */
  timeZone: string;
}

export interface Integrations {
  /**
   * The practice system a linked account of `practice` reaches, working in the practice's time zone (the
   * built-in one on that practice's rows only). With `tx`, an adapter whose data is in our own database
   * (see `inDatabase`) works inside that transaction, so what it writes commits with what the caller
   * writes; other adapters ignore it.
   */
  pms(connector: PmsConnector, practice: PmsPractice, tx?: Tx): PracticeManagement;
  /** The connector's schedule is in our own database (the built-in one). */
  inDatabase(connector: PmsConnector): boolean;
  /**
   * Readies an account a practice has just linked: the built-in schedule of a practice without providers
   * gets its starter schedule; a vendor's schedule is the practice's own and needs nothing.
   */
  prepare(connector: PmsConnector, practiceId: string): Promise<void>;
  /** The voice platform: assistants, phone numbers, outbound calls. */
  voice: VoicePort;
}
