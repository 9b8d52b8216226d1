import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordMatchesAccount } from './password-policy';
import { CreateUserInputSchema } from './schemas/users';

describe('password policy', () => {
  it('knows common passwords of 10+ characters, whatever the case', () => {
    for (const common of ['qwertyuiop', '1234567890', 'Password123', 'BASKETBALL'])
      expect(isCommonPassword(common), common).toBe(true);
    expect(isCommonPassword('violet-harbor-42')).toBe(false);
  });

  it('refuses the e-mail, the part before its @ and the username as the password', () => {
    const account = { email: 'Dana.Lee@brightsmile.example', username: 'danalee-desk' };
    expect(passwordMatchesAccount('dana.lee@brightsmile.example', account)).toBe(true);
    expect(passwordMatchesAccount('DANA.LEE', account)).toBe(true);
    expect(passwordMatchesAccount('danalee-desk', account)).toBe(true);
    expect(passwordMatchesAccount('dana.lee-2026!', account)).toBe(false);
  });

  it('is what the user form and the server check', () => {
    const user = { name: 'Dana', email: 'dana@brightsmile.example', username: 'dana', role: 'sub' as const };
    const messages = (password: string) =>
      CreateUserInputSchema.safeParse({ user: { ...user, password } }).error?.issues.map((i) => i.message) ??
      [];
    expect(messages('short-pw')).toEqual(['Password must be at least 10 characters']);
    expect(messages('qwertyuiop')).toEqual([
      'This password is too common. Choose one that is harder to guess.',
    ]);
    expect(messages('dana@brightsmile.example')).toEqual([
      'The password must not be the e-mail address or the username.',
    ]);
    expect(messages('violet-harbor-42')).toEqual([]);
  });
});
