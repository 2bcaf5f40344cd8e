import { LANGUAGES, POLICY_TYPES, type Policy, policyTemplate } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, catalogOwner, createTestApp, dataOf, errorOf, fieldCodes, type TestApp } from '../../testing/app.js';
import { StorefrontService } from '../storefront/service.js';

/**
 * A store's policies (SPEC §3, issue 15) on both databases: five kinds, written by the owner as
 * sanitized rich text, an empty one not shown; the storefront's reader finds those with text.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const storefront = () => new StorefrontService(t.ctx);

const save = (token: string, marketId: string, type: string, body: unknown) =>
  call(t.app, token, 'PUT', `/api/Policy/${marketId}/${type}`, body);

describe('policies', () => {
  it('a new store has all five, empty, in their order', async () => {
    const owner = await catalogOwner(t.app);
    const list = dataOf<Policy[]>(await call(t.app, owner.token, 'GET', `/api/Policy/${owner.market.id}`));
    expect(list.map((p) => [p.type, p.title, p.content, p.updatedAt])).toEqual([
      ['returnAndRefund', '', '', null],
      ['privacy', '', '', null],
      ['termsOfService', '', '', null],
      ['shipping', '', '', null],
      ['contact', '', '', null],
    ]);
  });

  it('the owner writes one: its text is kept without scripts, handlers or styles; links open safely', async () => {
    const owner = await catalogOwner(t.app);
    const saved = dataOf<Policy>(
      await save(owner.token, owner.market.id, 'returnAndRefund', {
        title: '  Return policy  ',
        content:
          '<h2 style="color:red">14 days</h2><p onclick="steal()">Send it back <a href="https://x.az" onmouseover="x()">here</a>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
    );
    expect(saved.title).toBe('Return policy');
    expect(saved.content).toBe(
      '<h2>14 days</h2><p>Send it back <a href="https://x.az" target="_blank" rel="noopener noreferrer nofollow">here</a>.</p>',
    );
    expect(saved.updatedAt).not.toBeNull();
    const list = dataOf<Policy[]>(await call(t.app, owner.token, 'GET', `/api/Policy/${owner.market.id}`));
    expect(list.find((p) => p.type === 'returnAndRefund')).toEqual(saved);

    const market = await storefront().marketByName(owner.market.name);
    expect(market?.policies).toEqual(['returnAndRefund']);
    expect(await storefront().policy(market!, 'returnAndRefund')).toEqual(saved);
    expect(await storefront().policy(market!, 'privacy')).toBeNull();
    const sitemap = await storefront().sitemap(market!);
    expect(sitemap.map((e) => e.path)).toContain('/policies/returnAndRefund');
  });

  it('an empty text takes it off the store; saved again it is back, and the store’s pages follow at once', async () => {
    const owner = await catalogOwner(t.app);
    dataOf(await save(owner.token, owner.market.id, 'shipping', { title: 'Delivery', content: '<p>By courier.</p>' }));
    const before = await storefront().marketByName(owner.market.name);
    expect(before?.policies).toEqual(['shipping']);
    // Markup with nothing in it is no text.
    const emptied = dataOf<Policy>(
      await save(owner.token, owner.market.id, 'shipping', { title: 'Delivery', content: '<p><br></p><p>&nbsp;</p>' }),
    );
    expect(emptied.content).toBe('');
    const after = await storefront().marketByName(owner.market.name);
    expect(after?.policies).toEqual([]);
    expect(after!.catalogVersion).toBeGreaterThan(before!.catalogVersion);
    // With no text, no title is needed either.
    expect(dataOf<Policy>(await save(owner.token, owner.market.id, 'shipping', { title: '', content: '' })).title).toBe(
      '',
    );
  });

  it('bad input is refused at its field and changes nothing', async () => {
    const owner = await catalogOwner(t.app);
    const noTitle = await save(owner.token, owner.market.id, 'privacy', {
      title: ' ',
      content: '<p>We keep little.</p>',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(fieldCodes(noTitle)).toEqual({ title: 'policyTitleRequired' });
    expect(errorOf(noTitle).fields?.title?.message).toBe('Give the policy a title');
    const long = await save(owner.token, owner.market.id, 'privacy', {
      title: 'Privacy',
      content: `<p>${'a'.repeat(100_000)}</p>`,
    });
    expect(fieldCodes(long)).toEqual({ content: 'policyTooLong' });
    expect(
      fieldCodes(await save(owner.token, owner.market.id, 'privacy', { title: 'x'.repeat(121), content: '' })),
    ).toEqual({
      title: 'tooLong',
    });
    const unknown = await save(owner.token, owner.market.id, 'cookies', { title: 'Cookies', content: '<p>Yes</p>' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldCodes(unknown)).toEqual({ type: 'invalidValue' });
    const extra = await save(owner.token, owner.market.id, 'privacy', {
      title: 'P',
      content: '<p>x</p>',
      published: true,
    });
    expect(extra.statusCode).toBe(400);
    const list = dataOf<Policy[]>(await call(t.app, owner.token, 'GET', `/api/Policy/${owner.market.id}`));
    expect(list.every((p) => p.content === '' && p.updatedAt === null)).toBe(true);
  });

  it('every starter template, in every language, is kept as written: names the store and its e-mail, escaped', async () => {
    const owner = await catalogOwner(t.app);
    const facts = { store: 'Nərgiz & Co <Butik>', email: 'info@nergiz.az', phone: '+994 50 123 45 67' };
    for (const language of LANGUAGES) {
      for (const type of POLICY_TYPES) {
        const template = policyTemplate(type, language, facts);
        const saved = dataOf<Policy>(
          await save(owner.token, owner.market.id, type, { title: template.title, content: template.html }),
        );
        // The sanitizer only makes links open safely; every word and tag of the template stays.
        const expected = template.html.replace(
          /<a href="([^"]*)">/g,
          '<a href="$1" target="_blank" rel="noopener noreferrer nofollow">',
        );
        expect(saved.content, `${type} ${language}`).toBe(expected);
        expect(saved.title).toBe(template.title);
        expect(saved.content).toContain('Nərgiz &amp; Co &lt;Butik&gt;');
        if (type === 'contact' || type === 'returnAndRefund') expect(saved.content).toContain('mailto:info@nergiz.az');
      }
    }
    expect(policyTemplate('contact', 'en', { ...facts, phone: null }).html).not.toContain('tel:');
    expect(policyTemplate('contact', 'en', facts).html).toContain('href="tel:+994501234567"');
  });

  it('another merchant’s store is not found; nobody signed in is told to sign in', async () => {
    const owner = await catalogOwner(t.app);
    const stranger = await catalogOwner(t.app);
    const body = { title: 'Mine now', content: '<p>Taken over</p>' };
    const theirs = await save(stranger.token, owner.market.id, 'contact', body);
    expect(theirs.statusCode).toBe(404);
    expect((await call(t.app, null, 'PUT', `/api/Policy/${owner.market.id}/contact`, body)).statusCode).toBe(401);
    expect((await call(t.app, stranger.token, 'GET', `/api/Policy/${owner.market.id}`)).statusCode).toBe(404);
    const list = dataOf<Policy[]>(await call(t.app, owner.token, 'GET', `/api/Policy/${owner.market.id}`));
    expect(list.find((p) => p.type === 'contact')?.content).toBe('');
  });
});
