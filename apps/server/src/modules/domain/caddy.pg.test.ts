import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { DOMAIN_TXT_PREFIX, type Domain } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, catalogOwner, createTestApp, dataOf, type TestApp } from '../../testing/app.js';
import { type RunningCaddy, startCaddy } from '../../testing/caddy.js';
import { LocalDns } from '../../testing/dns-server.js';
import { type ServerProcess, startServer } from '../../testing/server-process.js';

/**
 * The production set-up (issue 15, deploy/Caddyfile) for real: Debian's Caddy in front of two app
 * processes on one PostgreSQL. A store's verified domain is served through it over HTTPS, its
 * certificate issued on the first visit by Caddy's own CA after the app said yes (on-demand TLS's
 * `ask`); a name the app does not serve gets no certificate; plain HTTP is sent to HTTPS; and one
 * process gone, the other answers. Several processes need PostgreSQL: a `.pg.test.ts`, it runs
 * in the suite's PostgreSQL pass (vitest.config.ts).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const TARGET = 'shops.caddy.test';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The names the certificate the server showed is for. */
  certificateNames?: string;
}

/** One HTTPS request to Caddy's port for `host` (SNI and Host), trusting Caddy's own CA as a test may. */
function viaCaddy(port: number, host: string, pathname = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: '127.0.0.1', port, path: pathname, servername: host, headers: { host }, rejectUnauthorized: false },
      (response) => {
        const certificate = (response.socket as TLSSocket).getPeerCertificate();
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            certificateNames: certificate.subjectaltname,
          }),
        );
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    request.end();
  });
}

function plainHttp(port: number, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' }));
      })
      .on('error', reject);
  });
}

if (adminUrl) {
  describe('behind Caddy (deploy/Caddyfile), two processes', () => {
    const databaseName = `caddy_${randomBytes(6).toString('hex')}`;
    let databaseUrl: string;
    let dns: LocalDns;
    let setup: TestApp;
    let processes: ServerProcess[] = [];
    let caddy: RunningCaddy;
    let httpsPort: number;
    let httpPort: number;
    let domain: Domain;
    let storeName: string;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      dns = await new LocalDns().start();
      dns.set(TARGET, 'A', '127.0.0.1');
      const domains = { target: TARGET, ips: [], dnsServers: [dns.address] };

      // The store and its verified domain, made through the API on the same database.
      setup = await createTestApp({ database: { kind: 'postgres', url: databaseUrl, poolSize: 4 }, domains });
      const owner = await catalogOwner(setup.app);
      storeName = owner.market.name;
      const name = `caddy-${randomBytes(4).toString('hex')}.example.az`;
      const added = dataOf<Domain>(
        await call(setup.app, owner.token, 'POST', `/api/markets/${owner.market.id}/domains`, { name }),
        201,
      );
      dns.set(`${DOMAIN_TXT_PREFIX}.${name}`, 'TXT', added.records.find((r) => r.type === 'TXT')?.value as string);
      dns.set(name, 'CNAME', TARGET);
      domain = dataOf<Domain>(
        await call(setup.app, owner.token, 'POST', `/api/markets/${owner.market.id}/domains/${added.id}/check`),
      );
      expect(domain.verified).toBe(true);

      const env = { DATABASE_URL: databaseUrl, DNS_SERVERS: dns.address, DOMAIN_TARGET: TARGET };
      processes = [await startServer(env), await startServer(env)];

      caddy = await startCaddy({
        upstreams: processes.map((p) => `127.0.0.1:${p.port}`),
        askUrl: `${processes[0]?.origin}/api/Domains/ask`,
        platformHost: 'platform.caddy.test',
      });
      ({ httpsPort, httpPort } = caddy);
    }, 120_000);

    afterAll(async () => {
      await caddy?.stop();
      await Promise.all(processes.map((p) => p.stop()));
      await setup?.close();
      await dns?.close();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    });

    it('serves a verified domain over HTTPS with a certificate issued on its first visit', async () => {
      const home = await viaCaddy(httpsPort, domain.name);
      expect(home.status).toBe(200);
      expect(home.certificateNames).toBe(`DNS:${domain.name}`);
      expect(home.headers['content-type']).toContain('text/html');
      // The store's home at the domain's root: its name in the page, its links without /{store}.
      expect(home.body).toContain(storeName);
      expect(home.body).not.toContain(`href="/${storeName}/`);
      // Both processes take requests (round robin): a dozen in a row all answer.
      for (let i = 0; i < 12; i++) expect((await viaCaddy(httpsPort, domain.name, '/api/health')).status).toBe(200);
    });

    it('a name the app does not serve gets no certificate, and nothing of any store', async () => {
      await expect(viaCaddy(httpsPort, `unknown-${randomBytes(3).toString('hex')}.example.az`)).rejects.toThrow(
        /alert|socket|disconnected|EPROTO|ECONNRESET/i,
      );
      const ask = await fetch(`${processes[0]?.origin}/api/Domains/ask?domain=unknown.example.az`);
      expect(ask.status).toBe(404);
    });

    it('plain HTTP is sent to HTTPS', async () => {
      const answer = await plainHttp(httpPort, domain.name);
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe(`https://${domain.name}/`);
    });

    it('with one process gone, the other answers', async () => {
      await processes[0]?.stop();
      for (let i = 0; i < 6; i++) {
        const answer = await viaCaddy(httpsPort, domain.name, '/api/health');
        expect(answer.status).toBe(200);
      }
      expect((await viaCaddy(httpsPort, domain.name)).body).toContain(storeName);
    });
  });
}
