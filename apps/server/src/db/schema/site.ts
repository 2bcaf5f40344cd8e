import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './user.js';

/**
 * The platform's own writing (issue 17): blog posts, tutorials and help articles, each in one
 * language; visitors see the published ones. Owned by modules/site. Not a store's: no market_id.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'blog' | 'tutorial' | 'help' (ARTICLE_KINDS). */
    kind: text().notNull(),
    language: text().notNull(),
    title: text().notNull(),
    /** As the staff typed it ('' when left empty). */
    summary: text().notNull().default(''),
    /** The text's first words: what lists show when the summary is left empty. */
    excerpt: text().notNull().default(''),
    /** Sanitized HTML (platform/rich-text.ts, with our own images). */
    body: text().notNull(),
    /** The body's words, Azerbaijani letters folded, for the help centre's search. */
    searchText: text().notNull().default(''),
    readingMinutes: integer().notNull().default(1),
    coverUrl: text(),
    videoUrl: text(),
    /** Help articles' topic (HELP_TOPICS). */
    topic: text(),
    /** Null while a draft; set when first published, kept when published again. */
    publishedAt: timestamp({ withTimezone: true }),
    published: boolean().notNull().default(false),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A visitor's list: one kind in one language, newest first.
    index('articles_published_idx').on(t.kind, t.language, t.publishedAt.desc()).where(sql`${t.published}`),
    index('articles_staff_idx').on(t.kind, t.updatedAt.desc()),
  ],
);

/**
 * What visitors send from the public site (issue 17): help requests and contact messages, numbered
 * for the sender and the staff, with the status the staff give them. Owned by modules/site.
 */
export const siteRequests = pgTable(
  'site_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer().generatedAlwaysAsIdentity(),
    /** 'help' | 'contact' (SITE_REQUEST_KINDS). */
    kind: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    /** Help requests: HELP_REQUEST_TOPICS. */
    topic: text(),
    /** Contact messages. */
    subject: text(),
    message: text().notNull(),
    language: text().notNull(),
    /** 'new' | 'answered' | 'closed'. */
    status: text().notNull().default('new'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_requests_inbox_idx').on(t.kind, t.status, t.createdAt.desc()),
    uniqueIndex('site_requests_number_key').on(t.number),
  ],
);

/**
 * The platform's vacancies (issue 17, SPEC §3 Vacancy: position, work hours, posted date,
 * description), each in one language. Owned by modules/careers.
 */
export const vacancies = pgTable(
  'vacancies',
  {
    id: uuid().primaryKey().defaultRandom(),
    language: text().notNull(),
    position: text().notNull(),
    workHours: text().notNull(),
    location: text(),
    /** Sanitized HTML (platform/rich-text.ts). */
    description: text().notNull(),
    published: boolean().notNull().default(false),
    /** The posted date: set when first published, kept when published again. */
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vacancies_published_idx').on(t.language, t.publishedAt.desc()).where(sql`${t.published}`)],
);

/**
 * A job application (SPEC §3 Application: name, surname, email, phone, motivation letter, CV
 * file), made by a signed-in applicant (SPEC §6) — one per vacancy. The CV is kept outside the
 * web root under a name of ours (platform/uploads.ts). Owned by modules/careers.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer().generatedAlwaysAsIdentity(),
    vacancyId: uuid()
      .notNull()
      .references(() => vacancies.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    surname: text().notNull(),
    email: text().notNull(),
    phoneNumber: text().notNull(),
    motivationLetter: text().notNull(),
    /** The stored file's name (ours: uuid.pdf | uuid.docx). */
    cvFile: text().notNull(),
    /** The applicant's own file name, cleaned: shown and offered on download, never a path. */
    cvName: text().notNull(),
    cvBytes: integer().notNull(),
    language: text().notNull(),
    /** APPLICATION_STATUSES. */
    status: text().notNull().default('received'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_number_key').on(t.number),
    uniqueIndex('applications_applicant_key').on(t.vacancyId, t.userId),
    index('applications_user_idx').on(t.userId),
    index('applications_inbox_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * Bug reports (issue 17, SPEC §3 Bug report). The files (pictures, videos, a voice note) are kept
 * outside the web root under names of ours and answer the staff only. Owned by modules/bug-report.
 */
export const bugReports = pgTable('bug_reports', {
  /** The staff list's # (SPEC §2: sorted by id, newest first). */
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  surname: text().notNull(),
  email: text().notNull(),
  phoneNumber: text().notNull(),
  note: text().notNull(),
  /** Stored file names (ours). */
  soundFile: text(),
  imageFiles: text().array().notNull().default(sql`'{}'::text[]`),
  videoFiles: text().array().notNull().default(sql`'{}'::text[]`),
  language: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the embedded quick start's demo seed wrote once (demo/seed.ts), by name ('articles',
 * 'vacancies'): never again after that, even when the staff have since deleted every one.
 */
export const demoSeeds = pgTable('demo_seeds', {
  name: text().primaryKey(),
  seededAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
