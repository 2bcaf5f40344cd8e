import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests: it receives what the app sends and mailparser reads
 * it as a mail client would. Mail to an address in `refusing` is turned away with "451 try again
 * later", as a busy mail server does.
 */
export interface SmtpStandIn {
  url: string;
  received: ParsedMail[];
  refusing: Set<string>;
  /** Mail received so far for `email`. */
  mailsTo(email: string): ParsedMail[];
  /** The first mail to `email` among those received after the first `after`, waiting up to 10 s. */
  nextMailTo(email: string, after?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** The six-digit code in a mail. */
export function codeIn(mail: ParsedMail): string {
  const code = mail.text?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ParsedMail[] = [];
  const refusing = new Set<string>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refusing.has(address.address)) return callback();
      const busy = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
      busy.responseCode = 451;
      callback(busy);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (email: string) => received.filter((m) => addressesOf(m).includes(email));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusing,
    mailsTo,
    async nextMailTo(email, after = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = received.slice(after).find((m) => addressesOf(m).includes(email));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
