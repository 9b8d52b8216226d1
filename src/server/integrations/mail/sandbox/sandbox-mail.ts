import { desc, lt, sql } from 'drizzle-orm';
import type { SandboxMail } from '#shared/schemas/mail';
import type { Db } from '../../../db/client';
import { sandboxMails } from '../../../db/schema/index';
import type { Mail, SandboxMailPort } from '../port';

/** How many mails the sandbox keeps; older ones are dropped as new ones arrive. */
export const SANDBOX_MAIL_KEEP = 500;

/** The built-in mail adapter: nothing leaves the machine; each mail is a row the operator can read. */
export function createSandboxMail(db: Db, now: () => Date = () => new Date()): SandboxMailPort {
  return {
    kind: 'sandbox',

    async send(mail: Mail): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(sandboxMails).values({ ...mail, sentAt: now() });
        // The 500th newest id: everything older goes.
        await tx
          .delete(sandboxMails)
          .where(
            lt(
              sandboxMails.id,
              sql`(select id from ${sandboxMails} order by ${sandboxMails.id} desc offset ${SANDBOX_MAIL_KEEP - 1} limit 1)`,
            ),
          );
      });
    },

    async list(): Promise<SandboxMail[]> {
      const rows = await db
        .select()
        .from(sandboxMails)
        .orderBy(desc(sandboxMails.sentAt), desc(sandboxMails.id))
        .limit(SANDBOX_MAIL_KEEP);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        sentAt: row.sentAt.toISOString(),
      }));
    },
  };
}
