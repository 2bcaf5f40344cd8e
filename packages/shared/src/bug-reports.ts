import { z } from 'zod';
import { HONEYPOT_FIELD } from './requests.js';
import { intSchema, pageQuery, timestampSchema } from './responses.js';
import { uploadIdSchema } from './uploads.js';
import { emailSchema } from './user.js';

/**
 * Bug reports (issue 17, SPEC §2 bug-report and the staff's list, §3 entity Bug report): a visitor
 * describes what went wrong and can add pictures, a video and a voice note recorded in the
 * browser; the files are uploaded first (uploads.ts) and named by the report.
 */

export const BUG_REPORT_LIMITS = { name: 100, phone: 30, note: 5000, images: 5, videos: 2 } as const;

const required = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'tooLong');

/** POST /BugBounty/create. */
export const bugReportInputSchema = z.strictObject({
  name: required(BUG_REPORT_LIMITS.name),
  surname: required(BUG_REPORT_LIMITS.name),
  email: emailSchema,
  phoneNumber: required(BUG_REPORT_LIMITS.phone).regex(/^\+?[\d\s()-]{7,}$/, 'invalidPhone'),
  /** What happened: the description (SPEC: note). */
  note: required(BUG_REPORT_LIMITS.note),
  imageUploadIds: z.array(uploadIdSchema).max(BUG_REPORT_LIMITS.images, 'tooMany').default([]),
  videoUploadIds: z.array(uploadIdSchema).max(BUG_REPORT_LIMITS.videos, 'tooMany').default([]),
  voiceUploadId: uploadIdSchema.nullable().default(null),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type BugReportInput = z.input<typeof bugReportInputSchema>;

export const bugReportReceiptSchema = z.strictObject({ id: intSchema });

/**
 * A report as the staff's list shows it (SPEC §3: id, name, surname, email, phoneNumber, note,
 * soundFileUrl, imageUrls, videoUrls). The files' addresses answer the staff only.
 */
export const bugReportSchema = z.strictObject({
  id: intSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  note: z.string(),
  soundFileUrl: z.string().nullable(),
  imageUrls: z.array(z.string()),
  videoUrls: z.array(z.string()),
  createdAt: timestampSchema,
});
export type BugReport = z.infer<typeof bugReportSchema>;

export const BUG_REPORT_PAGE_SIZE = { default: 50, max: 200 } as const;
/** GET /BugBounty/get-all: newest first (by id). */
export const bugReportQuerySchema = z.strictObject({ ...pageQuery(BUG_REPORT_PAGE_SIZE) });
export type BugReportQuery = z.input<typeof bugReportQuerySchema>;
export const bugReportPageSchema = z.strictObject({
  items: z.array(bugReportSchema),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
});
export type BugReportPage = z.infer<typeof bugReportPageSchema>;
