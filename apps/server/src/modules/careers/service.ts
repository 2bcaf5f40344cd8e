import {
  type ApplicationInput,
  type ApplicationReceipt,
  type ApplicationStatus,
  applicationInputSchema,
  isLanguage,
  type Language,
  type MyApplication,
  type SaveVacancyInput,
  type StaffApplication,
  type StaffApplicationPage,
  type StaffApplicationQuery,
  type StaffVacancy,
  saveVacancySchema,
  staffApplicationQuerySchema,
  type Vacancy,
  type VacancyReader,
  type VacancySummary,
  type VacancyWithCareer,
} from '@shop/shared';
import { and, count, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { isUniqueViolation } from '../../db/faults.js';
import { applications, vacancies } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { refuseTrapped } from '../../platform/honeypot.js';
import { escapeHtml, type MailMessage } from '../../platform/mail.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { staffRecipients } from '../user/service.js';

type VacancyRow = typeof vacancies.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

function summaryOf(row: VacancyRow): VacancySummary {
  return {
    id: row.id,
    language: row.language as Language,
    position: row.position,
    workHours: row.workHours,
    location: row.location,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function vacancyOf(row: VacancyRow): Vacancy {
  return { ...summaryOf(row), description: row.description };
}

function myApplicationOf(row: ApplicationRow): MyApplication {
  return {
    id: row.id,
    number: row.number,
    status: row.status as ApplicationStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function staffApplicationOf(row: ApplicationRow, position: string): StaffApplication {
  return {
    ...myApplicationOf(row),
    vacancyId: row.vacancyId,
    position,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phoneNumber: row.phoneNumber,
    motivationLetter: row.motivationLetter,
    cvName: row.cvName,
    cvBytes: row.cvBytes,
    cvUrl: `/api/Staff/applications/${row.id}/cv`,
    language: row.language as Language,
  };
}

/** What the staff and the applicant are told of a new application, in their own language. */
const MAIL: Record<
  Language,
  {
    staffSubject: (n: number, position: string) => string;
    open: string;
    receiptSubject: (position: string) => string;
    receipt: (name: string, n: number, position: string) => string;
    follow: string;
  }
> = {
  en: {
    staffSubject: (n, position) => `Application #${n}: ${position}`,
    open: 'Open the applications',
    receiptSubject: (position) => `We received your application: ${position}`,
    receipt: (name, n, position) =>
      `Dear ${name}, thank you for applying for "${position}". Your application #${n} has arrived; we read every one and answer within two weeks.`,
    follow: 'Follow its status',
  },
  az: {
    staffSubject: (n, position) => `Müraciət #${n}: ${position}`,
    open: 'Müraciətlərə keçin',
    receiptSubject: (position) => `Müraciətinizi aldıq: ${position}`,
    receipt: (name, n, position) =>
      `Hörmətli ${name}, "${position}" vakansiyasına müraciət etdiyiniz üçün təşəkkür edirik. #${n} nömrəli müraciətiniz bizə çatdı; hər müraciəti oxuyur və iki həftə ərzində cavab veririk.`,
    follow: 'Statusunu izləyin',
  },
  ru: {
    staffSubject: (n, position) => `Отклик #${n}: ${position}`,
    open: 'Открыть отклики',
    receiptSubject: (position) => `Мы получили ваш отклик: ${position}`,
    receipt: (name, n, position) =>
      `${name}, спасибо за отклик на вакансию «${position}». Ваш отклик #${n} получен; мы читаем каждый и отвечаем в течение двух недель.`,
    follow: 'Следить за статусом',
  },
};

/**
 * Careers (issue 17): the staff publish vacancies; a signed-in applicant (SPEC §6) applies once
 * per vacancy with a motivation letter and a CV (an upload of kind `cv`, its bytes a PDF or a
 * DOCX), follows the status on /apply, and the staff move it along in their inbox.
 */
export class CareerService implements VacancyReader {
  constructor(private readonly ctx: AppContext) {}

  /** Published vacancies of a language, newest first (SPEC §2 apply). */
  async list(language: Language): Promise<VacancySummary[]> {
    const rows = await this.ctx.db
      .select()
      .from(vacancies)
      .where(and(eq(vacancies.language, language), eq(vacancies.published, true)))
      .orderBy(desc(vacancies.publishedAt), desc(vacancies.id));
    return rows.map(summaryOf);
  }

  /** A published vacancy; a draft or an unknown id is no vacancy. */
  async get(id: string): Promise<Vacancy | null> {
    const [row] = await this.ctx.db
      .select()
      .from(vacancies)
      .where(and(eq(vacancies.id, id), eq(vacancies.published, true)));
    return row ? vacancyOf(row) : null;
  }

  /**
   * The applicant's profile (GET /Vacancy/with-career): the open vacancies of the language, and
   * every vacancy they applied to, each with their application.
   */
  async withCareer(user: UserRow | null, language: Language): Promise<VacancyWithCareer[]> {
    const open = and(eq(vacancies.language, language), eq(vacancies.published, true));
    const rows = await this.ctx.db
      .select({ vacancy: vacancies, application: getTableColumns(applications) })
      .from(vacancies)
      .leftJoin(
        applications,
        and(eq(applications.vacancyId, vacancies.id), eq(applications.userId, user?.id ?? sql`null::uuid`)),
      )
      .where(user ? or(open, eq(applications.userId, user.id)) : open)
      .orderBy(desc(vacancies.publishedAt), desc(vacancies.id));
    return rows.map(({ vacancy, application }) => ({
      ...summaryOf(vacancy),
      open: vacancy.published,
      application: application?.id ? myApplicationOf(application as ApplicationRow) : null,
    }));
  }

  /**
   * POST /Career. The hidden field first (SPAM_SUSPECTED), then the fields, then the address's
   * limit; the vacancy must be open and not applied to yet; the CV's bytes must be a PDF or a
   * DOCX. Only then is the CV kept (under a name of ours) and the application written.
   */
  async apply(
    user: UserRow,
    input: ApplicationInput,
    sender: { ip: string; language: Language },
  ): Promise<ApplicationReceipt> {
    refuseTrapped(input);
    const data = applicationInputSchema.parse(input);
    await this.ctx.limits.hit('submissionsPerIp', sender.ip);
    const vacancy = await this.get(data.vacancyId);
    if (!vacancy) throw new AppError('NOT_FOUND');
    const [applied] = await this.ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.vacancyId, vacancy.id), eq(applications.userId, user.id)));
    if (applied) throw new AppError('ALREADY_APPLIED');
    const cv = await this.ctx.uploads.check(data.cvUploadId, 'cv');
    const cvFile = await this.ctx.uploads.keep(cv, 'careers');
    let row: ApplicationRow;
    try {
      [row] = (await this.ctx.db
        .insert(applications)
        .values({
          vacancyId: vacancy.id,
          userId: user.id,
          name: data.name,
          surname: data.surname,
          email: data.email,
          phoneNumber: data.phoneNumber,
          motivationLetter: data.motivationLetter,
          cvFile,
          cvName: cv.name,
          cvBytes: cv.bytes,
          language: sender.language,
        })
        .returning()) as [ApplicationRow];
    } catch (error) {
      await this.ctx.uploads.removeKept('careers', [cvFile]);
      // Two sends at once (a double click in two tabs): the second is the same application.
      if (isUniqueViolation(error)) throw new AppError('ALREADY_APPLIED');
      throw error;
    }
    await this.ctx.uploads.release([cv]);
    await this.tell(row, vacancy.position, user).catch((error: unknown) =>
      this.ctx.log.error({ err: error, application: row.number }, 'an application could not be mailed'),
    );
    return { id: row.id, number: row.number };
  }

  /** The staff are e-mailed the application; the applicant gets a receipt with where to follow it. */
  private async tell(row: ApplicationRow, position: string, user: UserRow) {
    const inbox = `${this.ctx.config.publicUrl}/staff/applications`;
    const profile = `${this.ctx.config.publicUrl}/apply`;
    const staff = await staffRecipients(this.ctx.db, this.ctx.config);
    const messages: MailMessage[] = staff.map(({ email, language }) => {
      const texts = MAIL[isLanguage(language) ? language : 'en'];
      const lines = [`${row.name} ${row.surname} <${row.email}>, ${row.phoneNumber}`, `CV: ${row.cvName}`];
      return {
        to: email,
        subject: texts.staffSubject(row.number, position),
        text: `${lines.join('\n')}\n\n${row.motivationLetter}\n\n${texts.open}: ${inbox}`,
        html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<blockquote style="white-space:pre-wrap">${escapeHtml(row.motivationLetter)}</blockquote><p><a href="${escapeHtml(inbox)}">${escapeHtml(texts.open)}</a></p>`,
      };
    });
    const own = MAIL[isLanguage(user.language) ? user.language : (row.language as Language)];
    const receipt = own.receipt(row.name, row.number, position);
    messages.push({
      to: user.email,
      subject: own.receiptSubject(position),
      text: `${receipt}\n\n${own.follow}: ${profile}`,
      html: `<p>${escapeHtml(receipt)}</p><p><a href="${escapeHtml(profile)}">${escapeHtml(own.follow)}</a></p>`,
    });
    await this.ctx.mailer.sendEach(messages);
  }

  // ─── The staff ─────────────────────────────────────────────────────────────────────────────

  private async staffVacancies(where?: ReturnType<typeof eq>): Promise<StaffVacancy[]> {
    const rows = await this.ctx.db
      .select({
        vacancy: vacancies,
        applications: count(applications.id),
      })
      .from(vacancies)
      // A join, not a subquery: a one-table select names its columns bare, and inside a subquery
      // a bare "id" is the application's own (the count was always 0).
      .leftJoin(applications, eq(applications.vacancyId, vacancies.id))
      .where(where)
      .groupBy(vacancies.id)
      .orderBy(desc(vacancies.updatedAt), desc(vacancies.id));
    return rows.map(({ vacancy, applications: n }) => ({
      ...vacancyOf(vacancy),
      published: vacancy.published,
      applications: Number(n),
      createdAt: vacancy.createdAt.toISOString(),
      updatedAt: vacancy.updatedAt.toISOString(),
    }));
  }

  /** Every vacancy, drafts too, newest change first, with how many applied. */
  staffList(): Promise<StaffVacancy[]> {
    return this.staffVacancies();
  }

  async staffGet(id: string): Promise<StaffVacancy> {
    const [found] = await this.staffVacancies(eq(vacancies.id, id));
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  private columnsOf(input: SaveVacancyInput) {
    const data = saveVacancySchema.parse(input);
    const description = sanitizeRichText(data.description);
    if (!description.replace(/<[^>]*>/g, '').trim())
      throw new AppError('VALIDATION_FAILED', { description: 'required' });
    return { ...data, description };
  }

  async create(input: SaveVacancyInput): Promise<StaffVacancy> {
    const columns = this.columnsOf(input);
    const [row] = await this.ctx.db
      .insert(vacancies)
      .values({ ...columns, publishedAt: columns.published ? new Date() : null })
      .returning({ id: vacancies.id });
    // Kept site pages start again here at once; other processes hear it from the database.
    await this.ctx.changes.wrote(this.ctx.db, { site: true });
    return this.staffGet((row as { id: string }).id);
  }

  /** The posted date is set when first published and kept after (as an article's). */
  async update(id: string, input: SaveVacancyInput): Promise<StaffVacancy> {
    const columns = this.columnsOf(input);
    const updated = await this.ctx.db
      .update(vacancies)
      .set({
        ...columns,
        publishedAt: columns.published ? sql`coalesce(${vacancies.publishedAt}, now())` : vacancies.publishedAt,
        updatedAt: new Date(),
      })
      .where(eq(vacancies.id, id))
      .returning({ id: vacancies.id });
    if (!updated.length) throw new AppError('NOT_FOUND');
    await this.ctx.changes.wrote(this.ctx.db, { site: true });
    return this.staffGet(id);
  }

  /** A vacancy nobody applied to; one with applications is unpublished instead (they stay). */
  async remove(id: string): Promise<void> {
    const [used] = await this.ctx.db.select({ n: count() }).from(applications).where(eq(applications.vacancyId, id));
    if ((used?.n ?? 0) > 0) throw new AppError('VACANCY_HAS_APPLICATIONS');
    const removed = await this.ctx.db.delete(vacancies).where(eq(vacancies.id, id)).returning({ id: vacancies.id });
    if (!removed.length) throw new AppError('NOT_FOUND');
    await this.ctx.changes.wrote(this.ctx.db, { site: true });
  }

  async applications(input: StaffApplicationQuery): Promise<StaffApplicationPage> {
    const query = staffApplicationQuerySchema.parse(input);
    const where = and(
      query.vacancyId ? eq(applications.vacancyId, query.vacancyId) : undefined,
      query.status ? eq(applications.status, query.status) : undefined,
    );
    const [rows, [total], [received]] = await Promise.all([
      this.ctx.db
        .select({ application: applications, position: vacancies.position })
        .from(applications)
        .innerJoin(vacancies, eq(vacancies.id, applications.vacancyId))
        .where(where)
        .orderBy(desc(applications.createdAt), desc(applications.number))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.ctx.db.select({ n: count() }).from(applications).where(where),
      this.ctx.db.select({ n: count() }).from(applications).where(eq(applications.status, 'received')),
    ]);
    return {
      items: rows.map((r) => staffApplicationOf(r.application, r.position)),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      received: received?.n ?? 0,
    };
  }

  async setStatus(id: string, status: ApplicationStatus): Promise<StaffApplication> {
    const [row] = await this.ctx.db
      .update(applications)
      .set({ status, updatedAt: new Date() })
      .where(eq(applications.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    const [vacancy] = await this.ctx.db
      .select({ position: vacancies.position })
      .from(vacancies)
      .where(eq(vacancies.id, row.vacancyId));
    return staffApplicationOf(row, vacancy?.position ?? '');
  }

  /** The CV to the staff (the route checked them), under the applicant's own file name. */
  async sendCv(reply: FastifyReply, id: string) {
    const [row] = await this.ctx.db
      .select({ file: applications.cvFile, name: applications.cvName })
      .from(applications)
      .where(eq(applications.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return this.ctx.uploads.send(reply, 'careers', row.file, row.name);
  }
}
