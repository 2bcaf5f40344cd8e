import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type ServerProcess, startServer } from '../testing/server-process.js';

/**
 * The dev mailbox lists every account's sign-in and reset codes. On the quick start (embedded,
 * no SMTP) it is on — for the person at this machine only: a stranger who could read it could
 * reset anyone's password (issue 11). The real server, reached from outside over this machine's
 * own network address and from the machine itself.
 */

/** This machine's address on its network: a request to it does not come from loopback. */
function outsideAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  throw new Error('this machine has no non-loopback IPv4 address to test from');
}

let server: ServerProcess;
let outside: string;
beforeAll(async () => {
  // The quick start's defaults: embedded database, no SMTP — and listening on every address.
  server = await startServer({ HOST: '0.0.0.0', LOG_LEVEL: 'info' });
  outside = `http://${outsideAddress()}:${server.port}`;
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const json = async (response: Response) => (await response.json()) as { data?: unknown; error?: { code: string } };

describe('the dev mailbox of the quick start', () => {
  it('a stranger can not read a victim’s reset code: the mailbox does not exist for them', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const register = await fetch(`${outside}/api/User/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: victim,
        password: 'Str0ng-Pass!',
        confirmPassword: 'Str0ng-Pass!',
        acceptTerms: true,
      }),
    });
    expect(register.status).toBe(200);
    const reset = await fetch(`${outside}/api/User/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim }),
    });
    expect(reset.status).toBe(200);

    const api = await fetch(`${outside}/api/Dev/mailbox`);
    expect(api.status).toBe(404);
    expect((await json(api)).error?.code).toBe('NOT_FOUND');
    const page = await fetch(`${outside}/dev-mailbox`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(victim);
    expect((await json(await fetch(`${outside}/api/config`))).data).toMatchObject({ devMailbox: false });

    // The person at the machine reads it, and the server's console shows the codes too.
    const local = await fetch(`${server.origin}/api/Dev/mailbox`);
    expect(local.status).toBe(200);
    const mails = (await json(local)).data as { to: string; text: string }[];
    const code = mails.find((m) => m.to === victim)?.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    await server.waitForOutput(new RegExp(`"to":"${victim}".*"code":"${code}"|"code":"${code}".*"to":"${victim}"`));
    expect((await fetch(`${server.origin}/dev-mailbox`)).status).toBe(200);
    expect((await json(await fetch(`${server.origin}/api/config`))).data).toMatchObject({ devMailbox: true });
  });

  it('a request forwarded by a proxy on this machine is not the machine itself', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '1.2.3.4' },
    ];
    for (const header of forwarded) {
      expect((await fetch(`${server.origin}/api/Dev/mailbox`, { headers: header })).status).toBe(404);
      expect((await fetch(`${server.origin}/dev-mailbox`, { headers: header })).status).toBe(404);
    }
  });
});

describe('when the dev mailbox is on', () => {
  it('never with an https address; against PostgreSQL or with SMTP only when asked for', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.az' }).devMailbox).toBe(false);
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.az', DEV_MAILBOX: 'on' })).toThrow(
      'Bad configuration: DEV_MAILBOX=on is refused with an https PUBLIC_URL',
    );
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.az' }).devMailbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop' }).devMailbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop', DEV_MAILBOX: 'on' }).devMailbox).toBe(true);
  });
});
