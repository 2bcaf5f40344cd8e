import { z } from 'zod';
import { LANGUAGES, type Language } from './language.js';
import { HONEYPOT_FIELD } from './requests.js';
import { idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';
import { uploadIdSchema } from './uploads.js';
import { emailSchema } from './user.js';

/**
 * Careers at the platform (issue 17, SPEC §2 apply, apply/{id}, apply/{id}/motivation-letter):
 * the staff publish vacancies, each in one language; a signed-in visitor (SPEC §6: applicants need
 * a personal profile) applies in two steps — who they are, then a motivation letter and a CV — and
 * follows the application's status on /apply.
 */

export const VACANCY_LIMITS = {
  position: { min: 3, max: 120 },
  workHours: { min: 2, max: 80 },
  location: 80,
  /** Characters of the rich text as the editor sends it (markup included). */
  description: 50_000,
} as const;

/** SPEC §5 / §9: motivation letter 400 to 2500 characters. */
export const MOTIVATION_LETTER = { min: 400, max: 2500 } as const;
export const APPLICANT_LIMITS = { name: 100, phone: 30 } as const;

/**
 * A letter's length as its counter shows it and the server checks it: characters (not UTF-16
 * units, an emoji is one), without the spaces and new lines around it.
 */
export function letterLength(letter: string): number {
  return [...letter.trim()].length;
}

export const APPLICATION_STATUSES = ['received', 'reviewing', 'interview', 'offer', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const text = (min: number, max: number) =>
  z.string('required').trim().min(1, 'required').min(min, 'tooShort').max(max, 'tooLong');

/** POST /Staff/vacancies and PUT /Staff/vacancies/{id}: a vacancy as the staff's editor sends it. */
export const saveVacancySchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: () => 'invalidValue' }),
  position: text(VACANCY_LIMITS.position.min, VACANCY_LIMITS.position.max),
  /** As the staff write it: "Full time, 09:00–18:00", "Part time, 20 hours a week". */
  workHours: text(VACANCY_LIMITS.workHours.min, VACANCY_LIMITS.workHours.max),
  location: z
    .string('invalidValue')
    .trim()
    .max(VACANCY_LIMITS.location, 'tooLong')
    .nullable()
    .default(null)
    .transform((v) => v || null),
  /** Rich text (sanitized on the server). */
  description: z.string('required').max(VACANCY_LIMITS.description, 'tooLong'),
  published: z.boolean('invalidValue').default(false),
});
export type SaveVacancyInput = z.input<typeof saveVacancySchema>;
export type SaveVacancy = z.output<typeof saveVacancySchema>;

/** What the vacancy list shows (SPEC §2 apply: position, work hours, posted date). */
export const vacancySummarySchema = z.strictObject({
  id: idSchema,
  language: z.enum(LANGUAGES),
  position: z.string(),
  workHours: z.string(),
  location: z.string().nullable(),
  /** When first published: the posted date. Null while a draft. */
  publishedAt: timestampSchema.nullable(),
});
export type VacancySummary = z.infer<typeof vacancySummarySchema>;

export const vacancySchema = vacancySummarySchema.extend({
  /** Sanitized HTML. */
  description: z.string(),
});
export type Vacancy = z.infer<typeof vacancySchema>;

/** GET /Vacancy: the published vacancies of a language (the request's when not named), newest first. */
export const vacancyListQuerySchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: () => 'invalidValue' }).optional(),
});

/** The signed-in applicant's application, as they see it. */
export const myApplicationSchema = z.strictObject({
  id: idSchema,
  number: intSchema,
  status: z.enum(APPLICATION_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/**
 * GET /Vacancy/with-career: the applicant's profile — the vacancies open in the language, and
 * those they applied to (whatever their state now), each with their application or null.
 */
export const vacancyWithCareerSchema = vacancySummarySchema.extend({
  /** False when the staff took it down after the applicant applied. */
  open: z.boolean(),
  application: myApplicationSchema.nullable(),
});
export type VacancyWithCareer = z.infer<typeof vacancyWithCareerSchema>;

/** POST /Career: step 1 (who), step 2 (letter and a finished upload of kind `cv`). */
export const applicationInputSchema = z.strictObject({
  vacancyId: z.string('invalidValue').uuid('invalidValue'),
  name: z
    .string('applicantFieldsRequired')
    .trim()
    .min(1, 'applicantFieldsRequired')
    .max(APPLICANT_LIMITS.name, 'tooLong'),
  surname: z
    .string('applicantFieldsRequired')
    .trim()
    .min(1, 'applicantFieldsRequired')
    .max(APPLICANT_LIMITS.name, 'tooLong'),
  email: z.string('applicantFieldsRequired').trim().min(1, 'applicantFieldsRequired').pipe(emailSchema),
  phoneNumber: z
    .string('applicantFieldsRequired')
    .trim()
    .min(1, 'applicantFieldsRequired')
    .max(APPLICANT_LIMITS.phone, 'tooLong')
    .regex(/^\+?[\d\s()-]{7,}$/, 'invalidPhone'),
  motivationLetter: z
    .string('letterTooShort')
    .refine((v) => letterLength(v) >= MOTIVATION_LETTER.min, 'letterTooShort')
    .refine((v) => letterLength(v) <= MOTIVATION_LETTER.max, 'letterTooLong')
    .transform((v) => v.trim()),
  cvUploadId: z.string('cvRequired').min(1, 'cvRequired').pipe(uploadIdSchema),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ApplicationInput = z.input<typeof applicationInputSchema>;

/** Step 1 alone, as the first page checks it before going on (the server checks all again). */
export const applicantSchema = applicationInputSchema.pick({
  name: true,
  surname: true,
  email: true,
  phoneNumber: true,
});
export type Applicant = z.infer<typeof applicantSchema>;

export const applicationReceiptSchema = z.strictObject({ id: idSchema, number: intSchema });
export type ApplicationReceipt = z.infer<typeof applicationReceiptSchema>;

/** An application as the staff read it. */
export const staffApplicationSchema = z.strictObject({
  id: idSchema,
  number: intSchema,
  vacancyId: idSchema,
  position: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  motivationLetter: z.string(),
  /** The CV's name as the applicant's file had it (shown, never used as a path). */
  cvName: z.string(),
  cvBytes: intSchema,
  /** GET /Staff/applications/{id}/cv: the file, for the staff only. */
  cvUrl: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

export const APPLICATION_PAGE_SIZE = { default: 20, max: 100 } as const;
/** GET /Staff/applications: newest first, by vacancy and status. */
export const staffApplicationQuerySchema = z.strictObject({
  vacancyId: z.string().uuid('invalidValue').optional(),
  status: z.enum(APPLICATION_STATUSES, { error: () => 'invalidValue' }).optional(),
  ...pageQuery(APPLICATION_PAGE_SIZE),
});
export type StaffApplicationQuery = z.input<typeof staffApplicationQuerySchema>;

export const staffApplicationPageSchema = z.strictObject({
  items: z.array(staffApplicationSchema),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
  /** Applications not yet looked at, whatever the filter: the inbox's badge. */
  received: intSchema,
});
export type StaffApplicationPage = z.infer<typeof staffApplicationPageSchema>;

/** PUT /Staff/applications/{id}. */
export const updateApplicationSchema = z.strictObject({
  status: z.enum(APPLICATION_STATUSES, { error: () => 'invalidValue' }),
});

/** The staff's list of vacancies: drafts too, with how many applied. */
export const staffVacancySchema = vacancySchema.extend({
  published: z.boolean(),
  applications: intSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StaffVacancy = z.infer<typeof staffVacancySchema>;

/** What the web app's pages read through the load context (the server's CareerService). */
export interface VacancyReader {
  list(language: Language): Promise<VacancySummary[]>;
  get(id: string): Promise<Vacancy | null>;
}
