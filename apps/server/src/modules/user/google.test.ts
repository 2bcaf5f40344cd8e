import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  newIp,
  PASSWORD,
  readLatestCode,
  type TestApp,
  uniqueEmail,
} from '../../testing/app.js';

/*
 * Google sign-in against a real OpenID provider: `oidc-provider` runs on 127.0.0.1 with one
 * confidential client, and the test drives its authorization-code flow over HTTP like a browser
 * (its development login and consent pages), then hands the code to POST /api/User/google-code.
 */

const CLIENT_ID = 'shop-web';
const CLIENT_SECRET = 'shop-web-secret-for-tests';
const REDIRECT_URI = 'http://127.0.0.1:5173/login/google';

interface Person {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}
const people = new Map<string, Person>();

/** The provider pages the last sign-in went through, e.g. ['login', 'consent']. */
let prompts: string[] = [];

let idp: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  // The issuer URL holds the port: listen first, then build the provider for that address.
  let handler: RequestListener | undefined;
  idp = createServer((req, res) => handler!(req, res));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      return (
        person && {
          accountId: sub,
          claims: () => ({ sub, ...person, name: `${person.given_name} ${person.family_name}` }),
        }
      );
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Like Google: the ID token itself carries the e-mail and name claims.
    conformIdTokenClaims: false,
    cookies: { keys: ['cookie-key-for-tests'] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    features: { devInteractions: { enabled: true } },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  handler = provider.callback();

  t = await createTestApp({ google: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => idp?.close(() => resolve()));
});

/**
 * Signs `sub` in at the provider like a browser (fresh cookies: a new device) and returns the
 * authorization code the provider sends back to the web app's redirect URI.
 */
async function authorizationCode(sub: string, redirectUri = REDIRECT_URI): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const auth = new URL(`${issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    state: 'state-123',
  }).toString();

  let url = auth.toString();
  let init: RequestInit = {};
  prompts = [];
  const pages: string[] = [];
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    init = {};
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) {
        expect(next.searchParams.get('state')).toBe('state-123');
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`the provider answered ${next}`);
        return code;
      }
      url = next.toString();
      continue;
    }
    const html = await response.text();
    pages.push(`${response.status} ${url}`);
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!prompt || !action) throw new Error(`unexpected page ${response.status} at ${url}: ${html.slice(0, 500)}`);
    prompts.push(prompt);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    const form: Record<string, string> = prompt === 'login' ? { prompt, login: sub, password: 'anything' } : { prompt };
    init = {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error(`no code after ${pages.join(', ')}`);
}

function googleCode(code: string, redirectUri = REDIRECT_URI, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/User/google-code',
    payload: { code, redirectUri },
    headers: { 'accept-language': 'en' },
    remoteAddress: newIp(),
  });
}

function person(overrides: Partial<Person> = {}): Person {
  return {
    email: uniqueEmail('google'),
    email_verified: true,
    given_name: 'Leyla',
    family_name: 'Həsənova',
    ...overrides,
  };
}

describe('Google sign-in', () => {
  it('the web learns the client id and where to send the user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: newIp() });
    expect(response.json().data).toMatchObject({ googleClientId: CLIENT_ID, googleAuthorizeUrl: `${issuer}/auth` });
  });

  it('a new Google user gets an account, confirmed, and is signed in', async () => {
    const sub = `sub-${Math.random().toString(36).slice(2)}`;
    const who = person();
    people.set(sub, who);

    const response = await googleCode(await authorizationCode(sub));
    expect(prompts).toEqual(['login', 'consent']);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: { token: string; user: Record<string, unknown> } };
    expect(data.user).toMatchObject({
      email: who.email,
      emailConfirmed: true,
      hasPassword: false,
      firstName: 'Leyla',
      lastName: 'Həsənova',
      language: 'en',
    });
    const cookie = response.cookies.find((c) => c.name === 'token')!;
    expect(cookie).toMatchObject({ value: data.token, path: '/', httpOnly: true, sameSite: 'Lax' });
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    for (const auth of [{ headers: bearer(data.token) }, { cookies: { token: data.token } }]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/User/get-user', remoteAddress: newIp(), ...auth });
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toMatchObject({ id: data.user.id, email: who.email, emailConfirmed: true });
    }

    // A password sign-in is not possible: the account has none.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { login: who.email, password: PASSWORD },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(401);
  });

  it('the second time signs in the same user', async () => {
    const sub = `sub-${Math.random().toString(36).slice(2)}`;
    people.set(sub, person());
    const first = await googleCode(await authorizationCode(sub));
    expect(first.statusCode).toBe(200);
    const second = await googleCode(await authorizationCode(sub));
    expect(second.statusCode).toBe(200);
    const a = first.json().data;
    const b = second.json().data;
    expect(b.user.id).toBe(a.user.id);
    expect(b.token).not.toBe(a.token);
    // Both sessions work (two devices).
    for (const token of [a.token, b.token]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/User/get-user', headers: bearer(token) });
      expect(me.json().data.id).toBe(a.user.id);
    }
  });

  it('an existing account with the same email is linked, not duplicated, and gets confirmed', async () => {
    const email = uniqueEmail('linked');
    const ip = newIp();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/User/register',
      payload: { email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      remoteAddress: ip,
    });
    expect(registered.statusCode).toBe(200);
    const sub = `sub-${Math.random().toString(36).slice(2)}`;
    people.set(sub, person({ email: email.toUpperCase() }));

    const response = await googleCode(await authorizationCode(sub));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ email, emailConfirmed: true, hasPassword: true });

    // The password still works, and no confirmation is asked any more.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { login: email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(login.statusCode).toBe(200);
    expect(await readLatestCode(t.app, email)).toMatch(/^\d{6}$/);
  });

  it('a Google address that is not verified is refused', async () => {
    const sub = `sub-${Math.random().toString(36).slice(2)}`;
    const who = person({ email_verified: false });
    people.set(sub, who);
    const response = await googleCode(await authorizationCode(sub));
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'GOOGLE_LOGIN_FAILED', message: 'Google login failed' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a bogus, replayed or misdirected code fails with GOOGLE_LOGIN_FAILED', async () => {
    const bogus = await googleCode('not-a-real-code');
    expect(bogus.statusCode).toBe(401);
    expect(errorOf(bogus)).toEqual({ code: 'GOOGLE_LOGIN_FAILED', message: 'Google login failed' });

    const sub = `sub-${Math.random().toString(36).slice(2)}`;
    people.set(sub, person());
    const code = await authorizationCode(sub);
    const elsewhere = await googleCode(code, 'http://127.0.0.1:5173/somewhere-else');
    expect(elsewhere.statusCode).toBe(401);
    expect(errorOf(elsewhere).code).toBe('GOOGLE_LOGIN_FAILED');

    const fresh = await authorizationCode(sub);
    expect((await googleCode(fresh)).statusCode).toBe(200);
    const replay = await googleCode(fresh);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('GOOGLE_LOGIN_FAILED');
  });

  it('checks the request shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/User/google-code',
      payload: { code: '', redirectUri: 'not a url' },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {}).sort()).toEqual(['code', 'redirectUri']);
  });
});

describe('Google sign-in not configured', () => {
  it('answers 404 GOOGLE_NOT_CONFIGURED', async () => {
    const plain = await createTestApp();
    try {
      const response = await googleCode('any-code', REDIRECT_URI, plain.app);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: 'Google sign-in is not available' });
      const config = await plain.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data).toMatchObject({ googleClientId: null, googleAuthorizeUrl: null });
    } finally {
      await plain.close();
    }
  });
});
