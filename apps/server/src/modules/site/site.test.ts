import type { Article, ArticlePage, SiteRequest, SiteRequestPage, StaffArticle, StaffArticlePage } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  mailbox,
  merchant,
  newIp,
  type TestApp,
  uniqueEmail,
  uploadImage,
} from '../../testing/app.js';

/**
 * The platform's writing (issue 17) on both databases: the staff write blog posts, tutorials and
 * help articles (drafts, publishing, editing, deleting); visitors read only what is published, in
 * their language, through SPEC §7's Blog and Tutorial calls and the help centre's; text is
 * sanitized, a tutorial's video must be YouTube or Vimeo, the help centre finds words with
 * Azerbaijani letters folded.
 */

const STAFF = uniqueEmail('site-staff');
let t: TestApp;
let staff: { token: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ staffEmails: new Set([STAFF]) });
  staff = await merchant(t.app, STAFF);
});
afterAll(async () => {
  await t?.close();
});

const article = (fields: Record<string, unknown> = {}) => ({
  kind: 'blog',
  language: 'en',
  title: `Selling on Instagram ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'How to turn followers into orders.',
  body: `<h2>Start</h2><p>${'word '.repeat(450)}</p>`,
  published: true,
  ...fields,
});

const write = async (fields: Record<string, unknown> = {}) =>
  dataOf<StaffArticle>(await call(t.app, staff.token, 'POST', '/api/Staff/articles', article(fields)), 201);

describe('the staff’s editor', () => {
  it('is the staff’s alone: a merchant gets 403, nobody signed in 401, and nothing is written', async () => {
    const someone = await merchant(t.app);
    const existing = await write();
    const routes = [
      ['GET', '/api/Staff/articles?kind=blog'],
      ['GET', `/api/Staff/articles/${existing.id}`],
      ['POST', '/api/Staff/articles'],
      ['PUT', `/api/Staff/articles/${existing.id}`],
      ['DELETE', `/api/Staff/articles/${existing.id}`],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? article({ title: 'Taken over' }) : undefined;
      const asMerchant = await call(t.app, someone.token, method, url, body);
      expect(asMerchant.statusCode, url).toBe(403);
      expect(errorOf(asMerchant).code).toBe('FORBIDDEN');
      expect((await call(t.app, null, method, url, body)).statusCode, url).toBe(401);
    }
    // Bad input from anyone else is refused as theirs to send at all, not at its fields.
    const bad = await call(t.app, someone.token, 'POST', '/api/Staff/articles', { kind: 'x' });
    expect(bad.statusCode).toBe(403);
    const still = dataOf<Article>(await call(t.app, null, 'GET', `/api/Blog/get-blog/${existing.id}`));
    expect(still.title).toBe(existing.title);
  });

  it('writes a draft that visitors do not see; publishing shows it, with its reading time and author', async () => {
    const draft = await write({ published: false, language: 'az', title: 'Qaralama yazı' });
    expect(draft).toMatchObject({ published: false, publishedAt: null, readingMinutes: 2, language: 'az' });
    expect((await call(t.app, null, 'GET', `/api/Blog/get-blog/${draft.id}`)).statusCode).toBe(404);
    const before = dataOf<ArticlePage>(await call(t.app, null, 'GET', '/api/Blog/get-all-blogs?language=az'));
    expect(before.items.map((a) => a.id)).not.toContain(draft.id);

    const published = dataOf<StaffArticle>(
      await call(t.app, staff.token, 'PUT', `/api/Staff/articles/${draft.id}`, {
        ...article({ language: 'az', title: 'Qaralama yazı' }),
        published: true,
      }),
    );
    expect(published.published).toBe(true);
    expect(published.publishedAt).not.toBeNull();
    const read = dataOf<Article>(await call(t.app, null, 'GET', `/api/Blog/get-blog/${draft.id}`));
    expect(read).toMatchObject({ title: 'Qaralama yazı', readingMinutes: 2, kind: 'blog' });
    const after = dataOf<ArticlePage>(await call(t.app, null, 'GET', '/api/Blog/get-all-blogs?language=az'));
    expect(after.items[0]?.id).toBe(draft.id);

    // An edit keeps its place in the list; unpublishing hides it again.
    const edited = dataOf<StaffArticle>(
      await call(t.app, staff.token, 'PUT', `/api/Staff/articles/${draft.id}`, {
        ...article({ language: 'az', title: 'Düzəldilmiş yazı' }),
      }),
    );
    expect(edited.publishedAt).toBe(published.publishedAt);
    await call(t.app, staff.token, 'PUT', `/api/Staff/articles/${draft.id}`, {
      ...article({ language: 'az', title: 'Düzəldilmiş yazı' }),
      published: false,
    });
    expect((await call(t.app, null, 'GET', `/api/Blog/get-blog/${draft.id}`)).statusCode).toBe(404);
    const staffView = dataOf<StaffArticlePage>(
      await call(t.app, staff.token, 'GET', '/api/Staff/articles?kind=blog&language=az'),
    );
    expect(staffView.items.find((a) => a.id === draft.id)).toMatchObject({
      published: false,
      title: 'Düzəldilmiş yazı',
    });
  });

  it('shows visitors the text’s first words when the summary is left empty, and keeps the staff’s empty field empty', async () => {
    const saved = await write({ summary: '', body: '<p>First words of the text. Then more.</p>' });
    expect(saved.summary).toBe('');
    const read = dataOf<Article>(await call(t.app, null, 'GET', `/api/Blog/get-blog/${saved.id}`));
    expect(read.summary).toBe('First words of the text. Then more.');
    const edited = dataOf<StaffArticle>(
      await call(
        t.app,
        staff.token,
        'PUT',
        `/api/Staff/articles/${saved.id}`,
        article({ summary: '', body: '<p>New words.</p>' }),
      ),
    );
    expect(edited.summary).toBe('');
    expect(dataOf<Article>(await call(t.app, null, 'GET', `/api/Blog/get-blog/${saved.id}`)).summary).toBe(
      'New words.',
    );
  });

  it('shows each language its own articles, and a kind only through its own calls', async () => {
    const en = await write({ language: 'en' });
    const ru = await write({ language: 'ru', title: 'Продажи в Instagram' });
    const tutorial = await write({ kind: 'tutorial', language: 'en', title: 'Add your first product' });
    const ids = async (url: string, language?: string) =>
      dataOf<ArticlePage>(
        await t.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} }),
      ).items.map((a) => a.id);
    expect(await ids('/api/Blog/get-all-blogs?language=en')).toContain(en.id);
    expect(await ids('/api/Blog/get-all-blogs?language=en')).not.toContain(ru.id);
    expect(await ids('/api/Blog/get-all-blogs?language=ru')).toContain(ru.id);
    expect(await ids('/api/Blog/get-all-blogs?language=en')).not.toContain(tutorial.id);
    expect(await ids('/api/Tutorial/get-all-tutorials?language=en')).toContain(tutorial.id);
    expect((await call(t.app, null, 'GET', `/api/Blog/get-blog/${tutorial.id}`)).statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', `/api/Tutorial/get-tutorial/${tutorial.id}`)).statusCode).toBe(200);
    // Unknown and malformed ids are simply not found.
    expect((await call(t.app, null, 'GET', '/api/Blog/get-blog/not-an-id')).statusCode).toBe(404);
    expect(
      (await call(t.app, null, 'GET', '/api/Tutorial/get-tutorial/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    // Bad list queries are told at their field.
    expect(fieldCodes(await call(t.app, null, 'GET', '/api/Blog/get-all-blogs?language=fr'))).toEqual({
      language: 'invalidValue',
    });
    expect(fieldCodes(await call(t.app, null, 'GET', '/api/Blog/get-all-blogs?page=0'))).toEqual({
      page: 'invalidValue',
    });
  });

  it('keeps formatting and our own pictures, drops scripts, handlers and pictures from elsewhere', async () => {
    const picture = await uploadImage(t.app, staff.token);
    const saved = await write({
      kind: 'tutorial',
      body: `<h2 onclick="steal()">Step 1</h2><script>alert(1)</script><p>Open <a href="javascript:alert(1)">this</a> and <a href="https://example.com">that</a>.</p>
        <figure><img src="${picture}" alt="The products page"><figcaption>The products page</figcaption></figure>
        <img src="https://tracker.example/pixel.gif"><img src="//tracker.example/p.gif"><img src="/api/User/logout">`,
      coverUrl: picture,
    });
    expect(saved.body).toContain('<h2>Step 1</h2>');
    expect(saved.body).not.toMatch(/script|onclick|javascript:|tracker|logout/);
    expect(saved.body).toContain(`<img src="${picture}" alt="The products page" />`);
    expect(saved.body).toContain('<figcaption>The products page</figcaption>');
    expect(saved.body).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">that</a>',
    );
    expect(saved.coverUrl).toBe(picture);
    // A cover must be an upload of ours.
    const foreign = await call(
      t.app,
      staff.token,
      'POST',
      '/api/Staff/articles',
      article({ coverUrl: 'https://x.example/a.png' }),
    );
    expect(fieldCodes(foreign)).toEqual({ coverUrl: 'invalidValue' });
  });

  it('takes a tutorial’s YouTube or Vimeo video as its player, and refuses any other address', async () => {
    const youtube = await write({ kind: 'tutorial', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(youtube.videoEmbedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    const vimeo = await write({ kind: 'tutorial', videoUrl: 'https://vimeo.com/76979871' });
    expect(vimeo.videoEmbedUrl).toBe('https://player.vimeo.com/video/76979871');
    const bad = await call(
      t.app,
      staff.token,
      'POST',
      '/api/Staff/articles',
      article({ kind: 'tutorial', videoUrl: 'https://evil.example/watch?v=dQw4w9WgXcQ' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({
      videoUrl: { code: 'articleVideoInvalid', message: 'Paste the address of a YouTube or Vimeo video' },
    });
  });

  it('refuses bad articles at their fields, nothing stored', async () => {
    const before = dataOf<StaffArticlePage>(await call(t.app, staff.token, 'GET', '/api/Staff/articles?kind=help'));
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: 'ab' }, { title: 'tooShort' }],
      [{ title: 'x'.repeat(161) }, { title: 'tooLong' }],
      [{ kind: 'news' }, { kind: 'invalidValue' }],
      [{ language: 'de' }, { language: 'invalidValue' }],
      [{ kind: 'help', topic: null }, { topic: 'required' }],
      [{ kind: 'help', topic: 'gossip' }, { topic: 'invalidValue' }],
      [{ summary: 's'.repeat(301) }, { summary: 'tooLong' }],
    ];
    for (const [fields, expected] of cases) {
      const response = await call(t.app, staff.token, 'POST', '/api/Staff/articles', article(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldCodes(response), JSON.stringify(fields)).toEqual(expected);
    }
    const after = dataOf<StaffArticlePage>(await call(t.app, staff.token, 'GET', '/api/Staff/articles?kind=help'));
    expect(after.total).toBe(before.total);
    expect(
      (await call(t.app, staff.token, 'DELETE', '/api/Staff/articles/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('the help centre', () => {
  it('files articles by topic and finds them by words, Azerbaijani letters folded', async () => {
    const shipping = await write({
      kind: 'help',
      language: 'az',
      topic: 'shipping',
      title: 'Çatdırılma tarifləri necə qurulur',
      body: '<p>Kuryer ilə çatdırılma üçün bölgələr və qiymətlər seçin.</p>',
    });
    const payments = await write({
      kind: 'help',
      language: 'az',
      topic: 'payments',
      title: 'Ödənişlər nə vaxt gəlir',
      body: '<p>Hər çərşənbə günü bank hesabınıza köçürülür.</p>',
    });
    const find = async (query: string) =>
      dataOf<ArticlePage>(await call(t.app, null, 'GET', `/api/HelpArticle/get-all?language=az&${query}`)).items.map(
        (a) => a.id,
      );
    expect(await find('topic=shipping')).toContain(shipping.id);
    expect(await find('topic=shipping')).not.toContain(payments.id);
    // Typed without Azerbaijani letters, in another case: found all the same.
    expect(await find(`q=${encodeURIComponent('CATDIRILMA tarif')}`)).toEqual([shipping.id]);
    expect(await find(`q=${encodeURIComponent('çərşənbə')}`)).toEqual([payments.id]);
    expect(await find(`q=${encodeURIComponent('kuryer çərşənbə')}`)).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await find('q=%25')).toEqual([]);
    const read = dataOf<Article>(await call(t.app, null, 'GET', `/api/HelpArticle/${shipping.id}`));
    expect(read.topic).toBe('shipping');
  });
});

describe('visitors’ requests', () => {
  const help = (fields: Record<string, unknown> = {}) => ({
    name: 'Aysel Məmmədova',
    email: uniqueEmail('visitor'),
    topic: 'payments',
    message: 'Ödənişlər hesabıma nə vaxt köçürülür?',
    ...fields,
  });
  const contact = (fields: Record<string, unknown> = {}) => ({
    name: 'Press Desk',
    email: uniqueEmail('press'),
    phone: '+994 10 234 56 78',
    subject: 'An interview',
    message: 'We would like to write about your product.',
    ...fields,
  });
  const inbox = async (query = '') =>
    dataOf<SiteRequestPage>(await call(t.app, staff.token, 'GET', `/api/Staff/requests${query}`));

  it('keeps a help request and a contact message, numbered, in the sender’s language, and e-mails the staff', async () => {
    const asked = help();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/HelpRequest/create-help-request',
      payload: asked,
      headers: { 'accept-language': 'az' },
      remoteAddress: newIp(),
    });
    const receipt = dataOf<{ id: string; number: number }>(response, 201);
    const wrote = dataOf<{ id: string; number: number }>(
      await call(t.app, null, 'POST', '/api/ContactRequest/create-contact-request', contact()),
      201,
    );
    expect(wrote.number).toBeGreaterThan(receipt.number);
    const page = await inbox('?status=new');
    const kept = page.items.find((r) => r.id === receipt.id);
    expect(kept).toMatchObject({
      kind: 'help',
      number: receipt.number,
      name: 'Aysel Məmmədova',
      email: asked.email,
      topic: 'payments',
      subject: null,
      phone: null,
      language: 'az',
      status: 'new',
    });
    expect(page.items.find((r) => r.id === wrote.id)).toMatchObject({ kind: 'contact', subject: 'An interview' });
    expect(page.unanswered.help).toBeGreaterThanOrEqual(1);
    // In the staff member's own language (their account's: Azerbaijani).
    const mails = await mailbox(t.app, STAFF);
    expect(mails.map((m) => m.subject)).toContain(`Əlaqə mesajı #${wrote.number}`);
    const helpMail = mails.find((m) => m.subject === `Kömək sorğusu #${receipt.number}`);
    expect(helpMail?.text).toContain(asked.email);
    expect(helpMail?.text).toContain('Ödənişlər hesabıma nə vaxt köçürülür?');
    // The topic by its name, in the staff member's language.
    expect(helpMail?.text).toContain('Ödənişlər və köçürmələr');
  });

  it('refuses bad requests at their fields, and a filled hidden field before anything else; nothing is kept', async () => {
    const before = (await inbox()).total;
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['help', help({ name: '' }), { name: 'required' }],
      ['help', help({ email: 'not-an-address' }), { email: 'invalidEmail' }],
      ['help', help({ message: 'Too short' }), { message: 'tooShort' }],
      ['help', help({ message: 'x'.repeat(5001) }), { message: 'tooLong' }],
      ['help', help({ topic: 'gossip' }), { topic: 'invalidValue' }],
      ['help', help({ phone: 'call me' }), { phone: 'invalidPhone' }],
      ['contact', contact({ subject: 'ab' }), { subject: 'tooShort' }],
      ['contact', contact({ subject: undefined }), { subject: 'required' }],
    ];
    for (const [kind, body, expected] of cases) {
      const url =
        kind === 'help' ? '/api/HelpRequest/create-help-request' : '/api/ContactRequest/create-contact-request';
      const response = await call(t.app, null, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldCodes(response), JSON.stringify(body)).toEqual(expected);
    }
    // A script fills every field, the hidden one too: refused as such, whatever else it sent.
    for (const body of [help({ website: 'https://spam.example' }), { website: 'x', message: 1 }]) {
      const trapped = await call(t.app, null, 'POST', '/api/HelpRequest/create-help-request', body);
      expect(trapped.statusCode).toBe(400);
      expect(errorOf(trapped)).toMatchObject({ code: 'SPAM_SUSPECTED' });
      expect(errorOf(trapped).message).toContain('hello@shopbuilder.az');
    }
    // Markup is kept as the words it is (the inbox shows text, never HTML).
    const scripted = dataOf<{ id: string }>(
      await call(
        t.app,
        null,
        'POST',
        '/api/HelpRequest/create-help-request',
        help({ message: '<script>alert(1)</script> hello' }),
      ),
      201,
    );
    expect((await inbox()).items.find((r) => r.id === scripted.id)?.message).toBe('<script>alert(1)</script> hello');
    expect((await inbox()).total).toBe(before + 1);
  });

  it('takes ten requests an hour from one address, then answers 429', async () => {
    const ip = newIp();
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/HelpRequest/create-help-request', payload: help(), remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    // Another address is not held back.
    expect((await call(t.app, null, 'POST', '/api/HelpRequest/create-help-request', help())).statusCode).toBe(201);
  });

  it('is the staff’s inbox alone; they mark a request answered or closed', async () => {
    const { id } = dataOf<{ id: string }>(
      await call(t.app, null, 'POST', '/api/ContactRequest/create-contact-request', contact()),
      201,
    );
    const someone = await merchant(t.app);
    expect((await call(t.app, someone.token, 'GET', '/api/Staff/requests')).statusCode).toBe(403);
    expect(
      (await call(t.app, someone.token, 'PUT', `/api/Staff/requests/${id}`, { status: 'closed' })).statusCode,
    ).toBe(403);
    expect((await call(t.app, null, 'GET', '/api/Staff/requests')).statusCode).toBe(401);
    const answered = dataOf<SiteRequest>(
      await call(t.app, staff.token, 'PUT', `/api/Staff/requests/${id}`, { status: 'answered' }),
    );
    expect(answered.status).toBe('answered');
    expect((await inbox('?kind=contact&status=answered')).items.map((r) => r.id)).toContain(id);
    expect((await inbox('?kind=contact&status=new')).items.map((r) => r.id)).not.toContain(id);
    expect(fieldCodes(await call(t.app, staff.token, 'PUT', `/api/Staff/requests/${id}`, { status: 'lost' }))).toEqual({
      status: 'invalidValue',
    });
    expect(
      (
        await call(t.app, staff.token, 'PUT', '/api/Staff/requests/00000000-0000-4000-8000-000000000000', {
          status: 'closed',
        })
      ).statusCode,
    ).toBe(404);
  });
});
