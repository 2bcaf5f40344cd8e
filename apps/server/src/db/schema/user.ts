import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lowercased; unique. */
    email: text().notNull(),
    username: text(),
    /** Null for accounts created through Google that never set a password. */
    passwordHash: text(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    googleSubject: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    language: text().notNull().default('az'),
    timeZone: text().notNull().default('GMT+4'),
    photoUrl: text(),
    /** The platform's staff (issue 14): set by `npm run staff`, never by a merchant. */
    isStaff: boolean().notNull().default(false),
    /** Closed by its owner (decision 023): signing in again reopens it; purged two years on. */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_closed_idx').on(t.closedAt).where(sql`${t.closedAt} is not null`),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const CODE_PURPOSES = ['confirm_email', 'login', 'reset_password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<CodePurpose>().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    /** For a login code: whether the session it opens is remembered. */
    rememberMe: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt).where(sql`consumed_at is null`),
  ],
);
