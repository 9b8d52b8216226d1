import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practices } from './practices';

export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    mobile: text().notNull(),
    solution: text({
      enum: ['dental-practices', 'medical-clinics', 'veterinary-clinics', 'spas-wellness'],
    }).notNull(),
    /** 'trial' from the pricing page's Start Free Trial button, 'demo' from every other demo button. */
    kind: text({ enum: ['demo', 'trial'] })
      .notNull()
      .default('demo'),
    sourcePage: text(),
    /** sha-256 of the sender's address: enough to rate-limit, not enough to identify anyone. */
    clientAddressHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    contactedAt: timestamp({ withTimezone: true }),
    /** The practice the operator created from this request; set once, so a request converts only once. */
    convertedPracticeId: uuid().references(() => practices.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('demo_requests_created_idx').on(table.createdAt),
    index('demo_requests_address_idx').on(table.clientAddressHash, table.createdAt),
  ],
);
