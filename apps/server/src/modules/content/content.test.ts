import type { Deleted, MenuItemView, Menus, StorePage, StorePageSummary } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createCategory,
  createCollection,
  createTestApp,
  dataOf,
  employee,
  errorOf,
  fieldCodes,
  PASSWORD,
  type TestApp,
} from '../../testing/app.js';
import { StorefrontService } from '../storefront/service.js';

/**
 * The store's own pages and menus (SPEC §2 cp/content; issue 16) on both databases: pages of
 * sanitized rich text at an address made from the title, menus of links to the store's own things
 * or to other sites — checked to be the store's and safe — and the storefront's reader, which
 * finds the pages and brings the menus, resolved, with the market's row.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof catalogOwner>>;

const storefront = () => new StorefrontService(t.ctx);
const createPage = (o: Owner, body: Record<string, unknown>, token = o.token) =>
  call(t.app, token, 'POST', '/api/Content/page', { marketId: o.market.id, ...body });
const updatePage = (token: string, id: string, body: unknown) =>
  call(t.app, token, 'PUT', `/api/Content/page/${id}`, body);
const saveMenu = (o: Owner, location: string, items: unknown[], token = o.token) =>
  call(t.app, token, 'PUT', `/api/Content/menu/${o.market.id}/${location}`, { items });
const menusOf = async (o: Owner, token = o.token) =>
  dataOf<Menus>(await call(t.app, token, 'GET', `/api/Content/menus/${o.market.id}`));
const listOf = async (o: Owner) =>
  dataOf<StorePageSummary[]>(await call(t.app, o.token, 'GET', `/api/Content/pages/${o.market.id}`));
const marketOf = async (o: Owner) => (await storefront().marketByName(o.market.name))!;

describe('pages', () => {
  it('the owner writes a page: its text is kept without scripts, its address made from the title; shoppers find it', async () => {
    const owner = await catalogOwner(t.app);
    const before = await marketOf(owner);
    const page = dataOf<StorePage>(
      await createPage(owner, {
        title: '  Haqqımızda — Şəki ipəyi  ',
        content:
          '<h2 style="color:red">Biz kimik</h2><p onclick="steal()">Əl işi <a href="javascript:alert(1)">bax</a> <a href="https://x.az">sayt</a></p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>',
      }),
      201,
    );
    expect(page.title).toBe('Haqqımızda — Şəki ipəyi');
    expect(page.slug).toBe('haqqimizda-seki-ipeyi');
    expect(page.content).toBe(
      '<h2>Biz kimik</h2><p>Əl işi <a target="_blank" rel="noopener noreferrer nofollow">bax</a> <a href="https://x.az" target="_blank" rel="noopener noreferrer nofollow">sayt</a></p>',
    );
    expect(page.content).not.toMatch(/script|onerror|onclick|javascript|iframe|style/);

    expect(await listOf(owner)).toEqual([
      { id: page.id, slug: page.slug, title: page.title, updatedAt: page.updatedAt },
    ]);
    expect(
      dataOf<StorePage>(await call(t.app, owner.token, 'GET', `/api/Content/page/${owner.market.id}/${page.id}`)),
    ).toEqual(page);

    // The store's cached pages start again; the reader finds the page by its address, the sitemap lists it.
    const market = await marketOf(owner);
    expect(market.catalogVersion).toBeGreaterThan(before.catalogVersion);
    expect(await storefront().page(market, 'haqqimizda-seki-ipeyi')).toEqual({
      slug: page.slug,
      title: page.title,
      content: page.content,
      updatedAt: page.updatedAt,
    });
    expect(await storefront().page(market, 'no-such-page')).toBeNull();
    expect(await storefront().page(market, '../etc/passwd')).toBeNull();
    const sitemap = (await storefront().sitemap(market)).map((entry) => entry.path);
    expect(sitemap).toContain('/pages/haqqimizda-seki-ipeyi');
    expect(sitemap).toContain('/products');
  });

  it('addresses: Azerbaijani and Cyrillic titles are spelled in Latin; a typed one is kept, lowercased', async () => {
    const owner = await catalogOwner(t.app);
    const slugOf = async (body: Record<string, unknown>) =>
      dataOf<StorePage>(await createPage(owner, { content: '', ...body }), 201).slug;
    expect(await slugOf({ title: 'Ödəniş və çatdırılma' })).toBe('odenis-ve-catdirilma');
    expect(await slugOf({ title: 'İADƏ ŞƏRTLƏRİ: ÇOX SADƏ!' })).toBe('iade-sertleri-cox-sade');
    expect(await slugOf({ title: 'О нас — доставка и оплата' })).toBe('o-nas-dostavka-i-oplata');
    expect(await slugOf({ title: 'Ölçü cədvəli', slug: 'Size-Guide' })).toBe('size-guide');
    // Nothing of the title spells in Latin: the address must be typed.
    const emoji = await createPage(owner, { title: '🙂🙂', content: '' });
    expect(emoji.statusCode).toBe(400);
    expect(fieldCodes(emoji)).toEqual({ slug: 'pageSlugRequired' });
  });

  it('two pages of a store can not share an address; another store can have it', async () => {
    const owner = await catalogOwner(t.app);
    const first = dataOf<StorePage>(await createPage(owner, { title: 'FAQ', content: '<p>Questions</p>' }), 201);
    const again = await createPage(owner, { title: 'Faq', content: '' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'PAGE_SLUG_TAKEN',
      message: 'Another page of the store already has this address',
    });
    expect(fieldCodes(again)).toEqual({ slug: 'PAGE_SLUG_TAKEN' });
    const second = dataOf<StorePage>(await createPage(owner, { title: 'Sizes', content: '' }), 201);
    const renamed = await updatePage(owner.token, second.id, { title: 'Sizes', slug: 'faq', content: '' });
    expect(fieldCodes(renamed)).toEqual({ slug: 'PAGE_SLUG_TAKEN' });
    // In Azerbaijani too.
    const az = await t.app.inject({
      method: 'PUT',
      url: `/api/Content/page/${second.id}`,
      payload: { title: 'Sizes', slug: 'faq', content: '' },
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'az' },
    });
    expect(errorOf(az).message).toBe('Mağazanın başqa səhifəsi artıq bu ünvandadır');
    expect((await listOf(owner)).map((p) => p.slug).sort()).toEqual(['faq', 'sizes']);

    const other = await catalogOwner(t.app);
    expect(dataOf<StorePage>(await createPage(other, { title: 'FAQ', content: '' }), 201).slug).toBe(first.slug);
  });

  it('bad input is refused at its field and changes nothing', async () => {
    const owner = await catalogOwner(t.app);
    const codes = async (body: Record<string, unknown>) => fieldCodes(await createPage(owner, body));
    expect(await codes({ title: '  ', content: '<p>x</p>' })).toEqual({ title: 'pageTitleRequired' });
    expect(await codes({ title: 'x'.repeat(121), content: '' })).toEqual({ title: 'tooLong' });
    expect(await codes({ title: 'About', slug: 'about us', content: '' })).toEqual({ slug: 'pageSlugInvalid' });
    expect(await codes({ title: 'About', slug: 'about--us', content: '' })).toEqual({ slug: 'pageSlugInvalid' });
    expect(await codes({ title: 'About', slug: '-about', content: '' })).toEqual({ slug: 'pageSlugInvalid' });
    expect(await codes({ title: 'About', slug: 'haqqımızda', content: '' })).toEqual({ slug: 'pageSlugInvalid' });
    expect(await codes({ title: 'About', slug: 'a'.repeat(81), content: '' })).toEqual({ slug: 'tooLong' });
    expect(await codes({ title: 'About', content: `<p>${'a'.repeat(100_000)}</p>` })).toEqual({
      content: 'pageTooLong',
    });
    expect(await codes({ title: 'About', content: '', published: true })).toEqual({ published: 'unknownField' });
    expect(await listOf(owner)).toEqual([]);
  });

  it('an edit replaces the page; deleted, it leaves the store and every menu', async () => {
    const owner = await catalogOwner(t.app);
    const about = dataOf<StorePage>(await createPage(owner, { title: 'About', content: '<p>Old</p>' }), 201);
    const faq = dataOf<StorePage>(await createPage(owner, { title: 'FAQ', content: '<p>Q</p>' }), 201);
    const edited = dataOf<StorePage>(
      await updatePage(owner.token, about.id, {
        title: 'About us',
        slug: 'about-us',
        content: '<p>New<script>x()</script></p>',
      }),
    );
    expect(edited).toMatchObject({ id: about.id, title: 'About us', slug: 'about-us', content: '<p>New</p>' });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(about.updatedAt));
    expect((await listOf(owner))[0]?.id).toBe(about.id);
    const market = await marketOf(owner);
    expect(await storefront().page(market, 'about')).toBeNull();
    expect((await storefront().page(market, 'about-us'))?.content).toBe('<p>New</p>');

    dataOf(
      await saveMenu(owner, 'header', [
        { kind: 'page', target: about.id },
        { kind: 'page', target: faq.id },
        { kind: 'home' },
      ]),
    );
    dataOf(await saveMenu(owner, 'footer', [{ kind: 'page', target: about.id, label: 'Who we are' }]));
    const deleted = dataOf<Deleted>(await call(t.app, owner.token, 'DELETE', `/api/Content/page/${about.id}`));
    expect(deleted).toEqual({ id: about.id, deleted: true });
    const menus = await menusOf(owner);
    expect(menus.header.map((item) => [item.kind, item.target])).toEqual([
      ['page', faq.id],
      ['home', ''],
    ]);
    expect(menus.footer).toEqual([]);
    const after = await marketOf(owner);
    expect(after.catalogVersion).toBeGreaterThan(market.catalogVersion);
    expect(after.menus.header.map((link) => link.href)).toEqual(['/pages/faq', '']);
    expect(await storefront().page(after, 'about-us')).toBeNull();
    expect((await call(t.app, owner.token, 'GET', `/api/Content/page/${owner.market.id}/${about.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, owner.token, 'DELETE', `/api/Content/page/${about.id}`)).statusCode).toBe(404);
    expect((await updatePage(owner.token, about.id, { title: 'Back', content: '' })).statusCode).toBe(404);
  });
});

describe('menus', () => {
  it('links of every kind: the panel reads them with their targets, shoppers get labels and addresses', async () => {
    const owner = await catalogOwner(t.app);
    const before = await marketOf(owner);
    const shirts = owner.category;
    const hidden = await createCategory(t.app, owner.token, owner.market.id, { name: 'Hidden', status: 'passive' });
    const summer = await createCollection(t.app, owner.token, {
      marketId: owner.market.id,
      coverImageUrl: owner.imageUrl,
      title: 'Summer',
    });
    const page = dataOf<StorePage>(await createPage(owner, { title: 'Size guide', content: '<p>S M L</p>' }), 201);
    dataOf(
      await call(t.app, owner.token, 'PUT', `/api/Policy/${owner.market.id}/returnAndRefund`, {
        title: 'Returns',
        content: '<p>14 days</p>',
      }),
    );
    const header = [
      { kind: 'home' },
      { kind: 'catalog', label: 'Shop all' },
      { kind: 'category', target: shirts.id },
      { kind: 'category', target: hidden.id, label: 'Secret' },
      { kind: 'collection', target: summer.id, label: '  Summer sale  ' },
      { kind: 'page', target: page.id },
      { kind: 'policy', target: 'returnAndRefund' },
      { kind: 'policy', target: 'privacy', label: 'Privacy' },
      { kind: 'url', target: 'https://instagram.com/nergiz.az', label: 'Instagram' },
    ];
    const saved = dataOf<MenuItemView[]>(await saveMenu(owner, 'header', header));
    expect(saved).toEqual([
      { kind: 'home', label: '', target: '', name: null, shown: true },
      { kind: 'catalog', label: 'Shop all', target: '', name: null, shown: true },
      { kind: 'category', label: '', target: shirts.id, name: shirts.name, shown: true },
      { kind: 'category', label: 'Secret', target: hidden.id, name: 'Hidden', shown: false },
      { kind: 'collection', label: 'Summer sale', target: summer.id, name: 'Summer', shown: true },
      { kind: 'page', label: '', target: page.id, name: 'Size guide', shown: true },
      { kind: 'policy', label: '', target: 'returnAndRefund', name: 'Returns', shown: true },
      { kind: 'policy', label: 'Privacy', target: 'privacy', name: null, shown: false },
      { kind: 'url', label: 'Instagram', target: 'https://instagram.com/nergiz.az', name: null, shown: true },
    ]);
    expect(await menusOf(owner)).toEqual({ header: saved, footer: [] });

    const market = await marketOf(owner);
    expect(market.catalogVersion).toBeGreaterThan(before.catalogVersion);
    // What shoppers can not see is left out; an empty label is the target's own name.
    expect(market.menus).toEqual({
      header: [
        { kind: 'home', label: '', href: '' },
        { kind: 'catalog', label: 'Shop all', href: '/products' },
        { kind: 'category', label: shirts.name, href: `/category/${shirts.id}` },
        { kind: 'collection', label: 'Summer sale', href: `/collection/${summer.id}` },
        { kind: 'page', label: 'Size guide', href: '/pages/size-guide' },
        { kind: 'policy', label: 'Returns', href: '/policies/returnAndRefund' },
        { kind: 'url', label: 'Instagram', href: 'https://instagram.com/nergiz.az' },
      ],
      footer: [],
    });

    // A rename and a switch show in the menu at once.
    dataOf(
      await call(t.app, owner.token, 'PUT', '/api/Category/update', {
        id: hidden.id,
        marketId: owner.market.id,
        name: 'Hidden',
        status: 'active',
      }),
    );
    const reread = await marketOf(owner);
    expect(reread.menus.header.find((link) => link.href === `/category/${hidden.id}`)?.label).toBe('Secret');
    expect(reread.menus.header).toHaveLength(8);
  });

  it('links that could run or lead nowhere are refused at their line: javascript:, no host, no label, no target', async () => {
    const owner = await catalogOwner(t.app);
    const codes = async (items: unknown[], location = 'footer') => fieldCodes(await saveMenu(owner, location, items));
    for (const target of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      '/category/x',
      'https://localhost',
      'https://exa mple.com',
      'ftp://files.example.com',
      'https://example.com/"onmouseover="alert(1)',
    ]) {
      expect(await codes([{ kind: 'url', label: 'Click', target }]), target).toEqual({
        'items.0.target': 'menuUrlInvalid',
      });
    }
    expect(await codes([{ kind: 'home' }, { kind: 'url', target: 'https://example.com' }])).toEqual({
      'items.1.label': 'menuLabelRequired',
    });
    expect(await codes([{ kind: 'url', label: 'Site' }])).toEqual({ 'items.0.target': 'menuUrlRequired' });
    expect(await codes([{ kind: 'category' }])).toEqual({ 'items.0.target': 'menuTargetRequired' });
    expect(await codes([{ kind: 'collection', target: 'not-an-id' }])).toEqual({
      'items.0.target': 'menuTargetMissing',
    });
    expect(await codes([{ kind: 'policy', target: 'cookies' }])).toEqual({ 'items.0.target': 'menuTargetMissing' });
    expect(await codes([{ kind: 'blog' }])).toEqual({ 'items.0.kind': 'invalidValue' });
    expect(await codes([{ kind: 'home', label: 'x'.repeat(41) }])).toEqual({ 'items.0.label': 'tooLong' });
    expect(await codes([{ kind: 'home', extra: 1 }])).toEqual({ 'items.0.extra': 'unknownField' });
    const unknownPlace = await saveMenu(owner, 'sidebar', []);
    expect(unknownPlace.statusCode).toBe(400);
    expect(fieldCodes(unknownPlace)).toEqual({ location: 'invalidValue' });
    expect(await menusOf(owner)).toEqual({ header: [], footer: [] });
    // A good address is kept as typed.
    const ok = dataOf<MenuItemView[]>(
      await saveMenu(owner, 'footer', [{ kind: 'url', label: 'Blog', target: 'http://blog.example.az/a?b=1#c' }]),
    );
    expect(ok[0]?.target).toBe('http://blog.example.az/a?b=1#c');
  });

  it('another store’s category, collection or page — or one that does not exist — is refused, naming the line', async () => {
    const owner = await catalogOwner(t.app);
    const other = await catalogOwner(t.app);
    const theirCollection = await createCollection(t.app, other.token, {
      marketId: other.market.id,
      coverImageUrl: other.imageUrl,
    });
    const theirPage = dataOf<StorePage>(await createPage(other, { title: 'Theirs', content: '' }), 201);
    const response = await saveMenu(owner, 'header', [
      { kind: 'category', target: owner.category.id },
      { kind: 'category', target: other.category.id },
      { kind: 'collection', target: theirCollection.id },
      { kind: 'page', target: theirPage.id },
      { kind: 'page', target: '11111111-1111-4111-8111-111111111111' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual({
      'items.1.target': 'menuTargetMissing',
      'items.2.target': 'menuTargetMissing',
      'items.3.target': 'menuTargetMissing',
      'items.4.target': 'menuTargetMissing',
    });
    expect(errorOf(response).fields?.['items.1.target']?.message).toBe(
      'This is not in the store (any more): choose something else',
    );
    expect(await menusOf(owner)).toEqual({ header: [], footer: [] });
  });

  it('a header holds 12 links, a footer 20; saving again replaces the list, in its order', async () => {
    const owner = await catalogOwner(t.app);
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ kind: 'url', label: `L${i}`, target: `https://e${i}.example.com` }));
    expect(fieldCodes(await saveMenu(owner, 'header', links(13)))).toEqual({ items: 'menuHeaderTooMany' });
    expect(fieldCodes(await saveMenu(owner, 'footer', links(21)))).toEqual({ items: 'tooMany' });
    expect(dataOf<MenuItemView[]>(await saveMenu(owner, 'header', links(12)))).toHaveLength(12);
    expect(dataOf<MenuItemView[]>(await saveMenu(owner, 'footer', links(20)))).toHaveLength(20);
    const reordered = [{ kind: 'catalog' }, { kind: 'home', label: 'Start' }];
    dataOf(await saveMenu(owner, 'header', reordered));
    const menus = await menusOf(owner);
    expect(menus.header.map((item) => [item.kind, item.label])).toEqual([
      ['catalog', ''],
      ['home', 'Start'],
    ]);
    expect(menus.footer).toHaveLength(20);
    const market = await marketOf(owner);
    expect(market.menus.header).toEqual([
      { kind: 'catalog', label: '', href: '/products' },
      { kind: 'home', label: 'Start', href: '' },
    ]);
    expect(market.menus.footer.map((link) => link.label)).toEqual(links(20).map((link) => link.label));
    // Emptied, the store shows its own links again.
    dataOf(await saveMenu(owner, 'header', []));
    expect((await marketOf(owner)).menus.header).toEqual([]);
  });
});

describe('who may', () => {
  it('an employee without the settings gets 403, one with them works; another merchant 404; nobody signed in 401', async () => {
    const owner = await catalogOwner(t.app);
    const page = dataOf<StorePage>(await createPage(owner, { title: 'About', content: '<p>Hi</p>' }), 201);
    const catalog = await employee(t.app, owner.token, owner.market.id, 'catalog');
    const full = await employee(t.app, owner.token, owner.market.id, 'full');
    const stranger = await catalogOwner(t.app);
    const requests = [
      ['GET', `/api/Content/pages/${owner.market.id}`, undefined],
      ['GET', `/api/Content/page/${owner.market.id}/${page.id}`, undefined],
      ['POST', '/api/Content/page', { marketId: owner.market.id, title: 'Taken', content: '' }],
      ['PUT', `/api/Content/page/${page.id}`, { title: 'Taken', slug: 'about', content: '' }],
      ['GET', `/api/Content/menus/${owner.market.id}`, undefined],
      ['PUT', `/api/Content/menu/${owner.market.id}/header`, { items: [{ kind: 'home', label: 'Taken' }] }],
      ['DELETE', `/api/Content/page/${page.id}`, undefined],
    ] as const;
    for (const [method, url, body] of requests) {
      const denied = await call(t.app, catalog.token, method, url, body);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(denied).code).toBe('ACCESS_DENIED');
      const foreign = await call(t.app, stranger.token, method, url, body);
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(foreign).code).toBe('NOT_FOUND');
      expect((await call(t.app, null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await listOf(owner)).toEqual([expect.objectContaining({ id: page.id, title: 'About' })]);
    expect(await menusOf(owner)).toEqual({ header: [], footer: [] });
    for (const [method, url, body] of requests) {
      const allowed = await call(t.app, full.token, method, url, body);
      expect(allowed.statusCode, `${method} ${url}: ${allowed.body}`).toBeLessThan(300);
    }
  });

  it('a closed store changes nothing until it is reopened', async () => {
    const owner = await catalogOwner(t.app);
    const page = dataOf<StorePage>(await createPage(owner, { title: 'About', content: '<p>Hi</p>' }), 201);
    dataOf(await call(t.app, owner.token, 'POST', `/api/Market/close/${owner.market.id}`, { password: PASSWORD }));
    for (const response of [
      await createPage(owner, { title: 'New', content: '' }),
      await updatePage(owner.token, page.id, { title: 'Changed', content: '' }),
      await call(t.app, owner.token, 'DELETE', `/api/Content/page/${page.id}`),
      await saveMenu(owner, 'header', [{ kind: 'home' }]),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('MARKET_CLOSED');
    }
    dataOf(await call(t.app, owner.token, 'POST', `/api/Market/reopen/${owner.market.id}`));
    expect((await listOf(owner)).map((p) => p.title)).toEqual(['About']);
  });
});
