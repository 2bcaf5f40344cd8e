import {
  type ContactRequestInput,
  contactRequestSchema,
  type HelpRequestInput,
  type HelpRequestTopic,
  helpRequestSchema,
  helpTopicName,
  type Language,
  SITE_REQUEST_KINDS,
  type SiteRequest,
  type SiteRequestKind,
  type SiteRequestPage,
  type SiteRequestQuery,
  type SiteRequestReceipt,
  type SiteRequestStatus,
  siteRequestQuerySchema,
  type UpdateSiteRequestInput,
  updateSiteRequestSchema,
} from '@shop/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import { siteRequests } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { refuseTrapped } from '../../platform/honeypot.js';
import { escapeHtml, type MailMessage } from '../../platform/mail.js';
import { staffRecipients } from '../user/service.js';

type Row = typeof siteRequests.$inferSelect;

function viewOf(row: Row): SiteRequest {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as SiteRequestKind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    topic: row.topic as SiteRequest['topic'],
    subject: row.subject,
    message: row.message,
    language: row.language as Language,
    status: row.status as SiteRequestStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What the staff are told of a new request, in their own language; a help topic by the name the
 * help centre gives it (HELP_TOPIC_NAMES).
 */
const MAIL: Record<string, { subject: (kind: SiteRequestKind, n: number) => string; open: string }> = {
  en: {
    subject: (kind, n) => `${kind === 'help' ? 'Help request' : 'Contact message'} #${n}`,
    open: 'Open the inbox',
  },
  az: {
    subject: (kind, n) => `${kind === 'help' ? 'Kömək sorğusu' : 'Əlaqə mesajı'} #${n}`,
    open: 'Müraciətlərə keçin',
  },
  ru: {
    subject: (kind, n) => `${kind === 'help' ? 'Вопрос в поддержку' : 'Сообщение с сайта'} #${n}`,
    open: 'Открыть входящие',
  },
};

/**
 * Visitors' requests (issue 17): help requests and contact messages. A request is refused whole
 * when the hidden field is filled (a script, SPAM_SUSPECTED) or its address has sent too many
 * (RATE_LIMITED); a kept one is e-mailed to every staff member. The staff's inbox lists and marks them.
 */
export class SiteRequestService {
  constructor(private readonly ctx: AppContext) {}

  async submit(
    kind: SiteRequestKind,
    input: HelpRequestInput | ContactRequestInput,
    sender: { ip: string; language: Language },
  ): Promise<SiteRequestReceipt> {
    // The hidden field first: a script learns nothing of the other rules.
    refuseTrapped(input);
    const data =
      kind === 'help'
        ? { ...helpRequestSchema.parse(input), subject: null }
        : { ...contactRequestSchema.parse(input), topic: null };
    await this.ctx.limits.hit('siteRequestsPerIp', sender.ip);
    const [row] = await this.ctx.db
      .insert(siteRequests)
      .values({
        kind,
        name: data.name,
        email: data.email,
        phone: data.phone,
        topic: data.topic,
        subject: data.subject,
        message: data.message,
        language: sender.language,
      })
      .returning();
    const saved = row as Row;
    await this.tellStaff(saved).catch((error: unknown) =>
      this.ctx.log.error({ err: error, request: saved.number }, 'staff could not be told of a request'),
    );
    return { id: saved.id, number: saved.number };
  }

  /** Each staff member gets the request by e-mail (the sender's address to answer to is in it). */
  private async tellStaff(row: Row) {
    const recipients = await staffRecipients(this.ctx.db, this.ctx.config);
    if (!recipients.length) return;
    const inbox = `${this.ctx.config.publicUrl}/staff/requests`;
    const messages: MailMessage[] = recipients.map(({ email, language }) => {
      const texts = MAIL[language] ?? (MAIL.en as (typeof MAIL)['en']);
      const lines = [
        `${row.name} <${row.email}>${row.phone ? `, ${row.phone}` : ''}`,
        row.subject ?? (row.topic ? helpTopicName(row.topic as HelpRequestTopic, language) : ''),
        '',
        row.message,
      ];
      return {
        to: email,
        subject: texts.subject(row.kind as SiteRequestKind, row.number),
        text: `${lines.join('\n')}\n\n${texts.open}: ${inbox}`,
        html: `${lines
          .slice(0, 2)
          .filter(Boolean)
          .map((l) => `<p>${escapeHtml(l)}</p>`)
          .join(
            '',
          )}<blockquote style="white-space:pre-wrap">${escapeHtml(row.message)}</blockquote><p><a href="${escapeHtml(inbox)}">${escapeHtml(texts.open)}</a></p>`,
      };
    });
    await this.ctx.mailer.sendEach(messages);
  }

  async list(input: SiteRequestQuery): Promise<SiteRequestPage> {
    const query = siteRequestQuerySchema.parse(input);
    const where = and(
      query.kind ? eq(siteRequests.kind, query.kind) : undefined,
      query.status ? eq(siteRequests.status, query.status) : undefined,
    );
    const [rows, [total], unanswered] = await Promise.all([
      this.ctx.db
        .select()
        .from(siteRequests)
        .where(where)
        .orderBy(desc(siteRequests.createdAt), desc(siteRequests.number))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.ctx.db.select({ n: count() }).from(siteRequests).where(where),
      this.ctx.db
        .select({ kind: siteRequests.kind, n: count() })
        .from(siteRequests)
        .where(eq(siteRequests.status, 'new'))
        .groupBy(siteRequests.kind),
    ]);
    const fresh = new Map(unanswered.map((u) => [u.kind, u.n]));
    return {
      items: rows.map(viewOf),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      unanswered: Object.fromEntries(
        SITE_REQUEST_KINDS.map((k) => [k, fresh.get(k) ?? 0]),
      ) as SiteRequestPage['unanswered'],
    };
  }

  async update(id: string, input: UpdateSiteRequestInput): Promise<SiteRequest> {
    const { status } = updateSiteRequestSchema.parse(input);
    const [row] = await this.ctx.db
      .update(siteRequests)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(siteRequests.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    return viewOf(row);
  }
}
