import { COMMON_PASSWORDS } from './common-passwords';

/** For every new or changed password (ADR 047); the seeded demo logins predate it and keep theirs. */
export const PASSWORD_MIN_LENGTH = 10;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  common: 'This password is too common. Choose one that is harder to guess.',
  sameAsAccount: 'The password must not be the e-mail address or the username.',
} as const;

let common: Set<string> | undefined;

/** In the list of common passwords, whatever the case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split(/\s+/).filter(Boolean));
  return common.has(password.toLowerCase());
}

/** The password is the e-mail (or the part before its @) or the username, whatever the case. */
export function passwordMatchesAccount(
  password: string,
  account: { email?: string; username?: string },
): boolean {
  const typed = password.trim().toLowerCase();
  const email = account.email?.trim().toLowerCase() ?? '';
  const names = [email, email.split('@')[0] ?? '', account.username?.trim().toLowerCase() ?? ''];
  return names.some((name) => name !== '' && typed === name);
}

/** What is wrong with a new password for this account, or null when it passes the policy. */
export function passwordProblem(
  password: string,
  account: { email?: string; username?: string },
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  if (passwordMatchesAccount(password, account)) return PASSWORD_MESSAGES.sameAsAccount;
  return null;
}
