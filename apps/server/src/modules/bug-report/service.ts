import {
  type BugReport,
  type BugReportInput,
  type BugReportPage,
  type BugReportQuery,
  bugReportInputSchema,
  bugReportQuerySchema,
  type Language,
  type UploadKind,
} from '@shop/shared';
import { count, desc } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { bugReports } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { refuseTrapped } from '../../platform/honeypot.js';
import { escapeHtml, type MailMessage } from '../../platform/mail.js';
import type { CheckedUpload, PrivateFolder } from '../../platform/uploads.js';
import { staffRecipients } from '../user/service.js';

type Row = typeof bugReports.$inferSelect;

/** A report's files by their place in its address (/api/BugBounty/files/{kind}/{name}) and their folder. */
export const BUG_FILE_FOLDERS = {
  images: 'bug-images',
  videos: 'bug-videos',
  sounds: 'bug-sounds',
} as const satisfies Record<string, PrivateFolder>;
export type BugFileKind = keyof typeof BUG_FILE_FOLDERS;
export const BUG_FILE_KINDS = Object.keys(BUG_FILE_FOLDERS) as BugFileKind[];

const fileUrl = (kind: BugFileKind, name: string) => `/api/BugBounty/files/${kind}/${name}`;

function viewOf(row: Row): BugReport {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phoneNumber: row.phoneNumber,
    note: row.note,
    soundFileUrl: row.soundFile ? fileUrl('sounds', row.soundFile) : null,
    imageUrls: row.imageFiles.map((name) => fileUrl('images', name)),
    videoUrls: row.videoFiles.map((name) => fileUrl('videos', name)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the staff are told of a new report, in their own language. */
const MAIL: Record<string, { subject: (id: number) => string; files: string; open: string }> = {
  en: {
    subject: (id) => `Bug report #${id}`,
    files: 'Attached: {images} image(s), {videos} video(s), voice note: {voice}',
    open: 'Open the bug reports',
  },
  az: {
    subject: (id) => `Xəta bildirişi #${id}`,
    files: 'Əlavələr: {images} şəkil, {videos} video, səs qeydi: {voice}',
    open: 'Xəta bildirişlərinə keçin',
  },
  ru: {
    subject: (id) => `Сообщение об ошибке #${id}`,
    files: 'Вложения: изображений {images}, видео {videos}, голосовое сообщение: {voice}',
    open: 'Открыть сообщения об ошибках',
  },
};
const YES_NO: Record<string, [string, string]> = { en: ['yes', 'no'], az: ['var', 'yoxdur'], ru: ['есть', 'нет'] };

/**
 * Bug reports (issue 17): a visitor's description with pictures, videos and a voice note uploaded
 * beforehand (platform/uploads.ts). Every named file's bytes are looked at before any is kept, so
 * a report with one bad file keeps nothing; the staff are e-mailed and list the reports.
 */
export class BugReportService {
  constructor(private readonly ctx: AppContext) {}

  async submit(input: BugReportInput, sender: { ip: string; language: Language }): Promise<{ id: number }> {
    // The hidden field first: a script learns nothing of the other rules.
    refuseTrapped(input);
    const data = bugReportInputSchema.parse(input);
    await this.ctx.limits.hit('submissionsPerIp', sender.ip);

    // Every file is looked at before any is kept; the same upload named twice is one file.
    const check = async (kind: UploadKind, ids: readonly string[]) => {
      const checked: CheckedUpload[] = [];
      for (const id of new Set(ids)) checked.push(await this.ctx.uploads.check(id, kind));
      return checked;
    };
    const images = await check('image', data.imageUploadIds);
    const videos = await check('video', data.videoUploadIds);
    const voice = await check('voice', data.voiceUploadId ? [data.voiceUploadId] : []);

    const kept: Record<BugFileKind, string[]> = { images: [], videos: [], sounds: [] };
    const removeKept = () =>
      Promise.all(BUG_FILE_KINDS.map((kind) => this.ctx.uploads.removeKept(BUG_FILE_FOLDERS[kind], kept[kind])));
    try {
      for (const upload of images) kept.images.push(await this.ctx.uploads.keep(upload, BUG_FILE_FOLDERS.images));
      for (const upload of videos) kept.videos.push(await this.ctx.uploads.keep(upload, BUG_FILE_FOLDERS.videos));
      for (const upload of voice) kept.sounds.push(await this.ctx.uploads.keep(upload, BUG_FILE_FOLDERS.sounds));
    } catch (error) {
      // This report keeps nothing: the files bucket was out of reach (503: sent again, the same
      // uploads are all still there), or another report took the same upload in between.
      await removeKept();
      if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') throw error;
      this.ctx.log.warn({ err: error }, 'a bug report’s upload could not be kept');
      throw new AppError('FILE_UPLOAD_FAILED');
    }

    let row: Row;
    try {
      [row] = (await this.ctx.db
        .insert(bugReports)
        .values({
          name: data.name,
          surname: data.surname,
          email: data.email,
          phoneNumber: data.phoneNumber,
          note: data.note,
          soundFile: kept.sounds[0] ?? null,
          imageFiles: kept.images,
          videoFiles: kept.videos,
          language: sender.language,
        })
        .returning()) as [Row];
    } catch (error) {
      // No report names them: nobody could ever see or remove them. The uploads stay: the form
      // may be sent again.
      await removeKept();
      throw error;
    }
    await this.ctx.uploads.release([...images, ...videos, ...voice]);
    await this.tellStaff(row).catch((error: unknown) =>
      this.ctx.log.error({ err: error, report: row.id }, 'staff could not be told of a bug report'),
    );
    return { id: row.id };
  }

  /** Each staff member gets the report by e-mail; its files are opened from the staff's list. */
  private async tellStaff(row: Row) {
    const recipients = await staffRecipients(this.ctx.db, this.ctx.config);
    if (!recipients.length) return;
    const list = `${this.ctx.config.publicUrl}/staff/bug-reports`;
    const messages: MailMessage[] = recipients.map(({ email, language }) => {
      const texts = MAIL[language] ?? (MAIL.en as (typeof MAIL)['en']);
      const [yes, no] = YES_NO[language] ?? (YES_NO.en as [string, string]);
      const files = texts.files
        .replace('{images}', String(row.imageFiles.length))
        .replace('{videos}', String(row.videoFiles.length))
        .replace('{voice}', row.soundFile ? yes : no);
      const lines = [`${row.name} ${row.surname} <${row.email}>, ${row.phoneNumber}`, files];
      return {
        to: email,
        subject: texts.subject(row.id),
        text: `${lines.join('\n')}\n\n${row.note}\n\n${texts.open}: ${list}`,
        html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<blockquote style="white-space:pre-wrap">${escapeHtml(
          row.note,
        )}</blockquote><p><a href="${escapeHtml(list)}">${escapeHtml(texts.open)}</a></p>`,
      };
    });
    await this.ctx.mailer.sendEach(messages);
  }

  /** The staff's list: newest first (SPEC §2: by id). */
  async list(input: BugReportQuery): Promise<BugReportPage> {
    const query = bugReportQuerySchema.parse(input);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(bugReports)
        .orderBy(desc(bugReports.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.ctx.db.select({ n: count() }).from(bugReports),
    ]);
    return { items: rows.map(viewOf), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  /** A report's file to the staff (the route checked they are), by the name in its address. */
  sendFile(reply: FastifyReply, kind: BugFileKind, name: string) {
    return this.ctx.uploads.send(reply, BUG_FILE_FOLDERS[kind], name);
  }
}
