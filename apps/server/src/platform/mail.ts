import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { MANAT_FONT_STACK, manatFontFaces } from './manat-font.js';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put into HTML (e-mails, the sandbox card page): shoppers' words go there. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] as string);
}

/** The font stack of every e-mail: the manat sign's face first (platform/manat-font.ts). */
export const MAIL_FONT = MANAT_FONT_STACK;

/**
 * The face itself, from this deployment's address (a mail has no origin of its own), put into
 * the document's head; clients that load web fonts use it, the others fall through to the rest.
 */
export function withMailFonts(html: string, publicUrl: string): string {
  if (!html.includes('font-family:Manat')) return html;
  const head = `<head><meta charset="utf-8"><style>${manatFontFaces(publicUrl.replace(/\/+$/, ''))}</style></head>`;
  return html.replace(/^(<!doctype html>\s*<html\b[^>]*>)(?!\s*<head)/i, `$1${head}`);
}

/** A day as a mail names it (a deadline, a date kept until): dd.mm.yyyy in Baku's calendar. */
export function mailDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Asia/Baku',
  }).format(date);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `db` lets a caller write outbox mail inside its own transaction. */
  send(message: MailMessage, db?: Db): Promise<void>;
  /**
   * Many mails of a job (a settlement day's payouts): the outbox takes them in one statement; a
   * mail server gets them one by one, a refused one not stopping the rest. Answers how many failed.
   */
  sendEach(messages: MailMessage[]): Promise<number>;
  readonly kind: 'smtp' | 'outbox';
}

export function createMailer(config: Config, defaultDb: Db, log?: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) {
    // A mail server that stops answering must not hold a request (a shopper's payment result
    // waits on its confirmation) for long: nodemailer's defaults allow minutes. A mail that fails
    // is tried again later (payment/service.ts sendDueConfirmations, a minute on).
    const transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const send = async (message: MailMessage) => {
      await transport.sendMail({
        from: config.mail.from,
        ...message,
        html: withMailFonts(message.html, config.publicUrl),
      });
    };
    return {
      kind: 'smtp',
      send,
      async sendEach(messages) {
        let failed = 0;
        for (const message of messages) {
          try {
            await send(message);
          } catch (error) {
            failed++;
            log?.error({ err: error, to: message.to, subject: message.subject }, 'a mail was refused');
          }
        }
        return failed;
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message, db = defaultDb) {
      await db.insert(mailOutbox).values({ ...message, html: withMailFonts(message.html, config.publicUrl) });
      // With the dev mailbox on (the local quick start), whoever runs the server reads the codes
      // in its console too — the mailbox page answers this machine only.
      if (config.devMailbox && log) {
        const code = message.text.match(/\b\d{6}\b/)?.[0];
        log.info({ to: message.to, subject: message.subject, ...(code ? { code } : {}) }, 'mail to the dev mailbox');
      }
    },
    async sendEach(messages) {
      if (!messages.length) return 0;
      await defaultDb
        .insert(mailOutbox)
        .values(messages.map((message) => ({ ...message, html: withMailFonts(message.html, config.publicUrl) })));
      return 0;
    },
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
