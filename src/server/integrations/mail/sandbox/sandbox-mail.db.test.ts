import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxMails } from '../../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSandboxMail, SANDBOX_MAIL_KEEP } from './sandbox-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

it('keeps the newest 500 mails and lists them newest first', async () => {
  let minute = 0;
  const mail = createSandboxMail(t.database.db, () => new Date(Date.UTC(2030, 0, 1, 0, minute++)));
  for (let n = 1; n <= SANDBOX_MAIL_KEEP + 5; n += 1)
    await mail.send({ to: `person${n}@example.com`, subject: `Mail ${n}`, text: `Body ${n}` });

  expect(await t.database.db.$count(sandboxMails)).toBe(SANDBOX_MAIL_KEEP);
  const listed = await mail.list();
  expect(listed).toHaveLength(SANDBOX_MAIL_KEEP);
  expect(listed[0]).toEqual({
    to: `person${SANDBOX_MAIL_KEEP + 5}@example.com`,
    subject: `Mail ${SANDBOX_MAIL_KEEP + 5}`,
    text: `Body ${SANDBOX_MAIL_KEEP + 5}`,
    sentAt: new Date(Date.UTC(2030, 0, 1, 0, SANDBOX_MAIL_KEEP + 4)).toISOString(),
  });
  expect(listed.at(-1)!.subject).toBe('Mail 6');
});
