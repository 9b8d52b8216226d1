import type { PracticeStatus } from '#shared/schemas/practices';

/**
 * The practice a piece of work is for (issue 22): resolved once per request from the session, once per
 * webhook call from the called number or assistant, once per job from its payload, and passed into services.
 * Every read and write of a practice-owned table is bounded by `id`; wall times use `timeZone`.
 */
export interface PracticeContext {
  readonly id: string;
  readonly name: string;
  readonly timeZone: string;
  readonly status: PracticeStatus;
}

/** Said to a suspended practice's users at sign-in and when their session ends. */
export const PRACTICE_SUSPENDED_MESSAGE =
  "Your practice's account is suspended. Please contact support to reactivate it.";
