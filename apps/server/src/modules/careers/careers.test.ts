import type {
  StaffApplication,
  StaffApplicationPage,
  StaffVacancy,
  Vacancy,
  VacancySummary,
  VacancyWithCareer,
} from '@shop/shared';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  tusUpload,
  uniqueEmail,
} from '../../testing/app.js';

/**
 * Careers (issue 17) on both databases: the staff publish vacancies; visitors list the open ones
 * (SPEC §7 GET /Vacancy, /Vacancy/{id}); a signed-in applicant applies once per vacancy (POST
 * /Career) with a letter of 400–2500 characters and a CV whose bytes are a PDF or a DOCX of at
 * most 100 MB, and follows its status (GET /Vacancy/with-career); the staff read and move it.
 */

const STAFF = uniqueEmail('careers-staff');
let t: TestApp;
let staff: { token: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ staffEmails: new Set([STAFF]) });
  staff = await merchant(t.app, STAFF);
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'),
  Buffer.alloc(20_000, 'x'),
  Buffer.from('\n%%EOF\n'),
]);
const CONTENT_TYPES = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${main}"/></Types>`;
const DOCX = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      CONTENT_TYPES(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        '/word/document.xml',
      ),
    ),
    '_rels/.rels': strToU8('<Relationships/>'),
    'word/document.xml': strToU8('<w:document><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>'),
  }),
);
const XLSX = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      CONTENT_TYPES('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', '/xl/workbook.xml'),
    ),
    'xl/workbook.xml': strToU8('<workbook/>'),
  }),
);
/** A Windows program (MZ, then a PE header), named as a PDF. */
const EXE = (() => {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0);
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();

/** A letter of exactly `length` characters (ending in a full stop: nothing to trim). */
const letter = (length: number) => `${'Mən bu komandada işləmək istəyirəm. '.repeat(200).slice(0, length - 1)}.`;

const vacancy = (fields: Record<string, unknown> = {}) => ({
  language: 'en',
  position: `Backend engineer ${Math.random().toString(36).slice(2, 7)}`,
  workHours: 'Full time, 09:00–18:00',
  location: 'Baku',
  description: '<h2>What you will do</h2><p>Build the checkout.</p><script>alert(1)</script>',
  published: true,
  ...fields,
});

const post = async (fields: Record<string, unknown> = {}) =>
  dataOf<StaffVacancy>(await call(t.app, staff.token, 'POST', '/api/Staff/vacancies', vacancy(fields)), 201);

async function cv(bytes = PDF, name = 'cv.pdf') {
  const { id, ok, finished } = await tusUpload(t.app, 'cv', bytes, name);
  expect(ok, finished?.body).toBe(true);
  return id as string;
}

const application = (vacancyId: string, fields: Record<string, unknown> = {}) => ({
  vacancyId,
  name: 'Aysel',
  surname: 'Məmmədova',
  email: 'aysel@example.az',
  phoneNumber: '+994 50 123 45 67',
  motivationLetter: letter(600),
  ...fields,
});

const apply = (token: string | null, body: unknown) => call(t.app, token, 'POST', '/api/Career', body);

describe('vacancies', () => {
  it('are written by the staff alone: a merchant gets 403, nobody signed in 401, and nothing changes', async () => {
    const someone = await merchant(t.app);
    const existing = await post();
    const routes = [
      ['GET', '/api/Staff/vacancies'],
      ['GET', `/api/Staff/vacancies/${existing.id}`],
      ['POST', '/api/Staff/vacancies'],
      ['PUT', `/api/Staff/vacancies/${existing.id}`],
      ['DELETE', `/api/Staff/vacancies/${existing.id}`],
      ['GET', '/api/Staff/applications'],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? vacancy({ position: 'Taken over' }) : undefined;
      const asMerchant = await call(t.app, someone.token, method, url, body);
      expect(asMerchant.statusCode, url).toBe(403);
      expect((await call(t.app, null, method, url, body)).statusCode, url).toBe(401);
    }
    const still = dataOf<Vacancy>(await call(t.app, null, 'GET', `/api/Vacancy/${existing.id}`));
    expect(still.position).toBe(existing.position);
  });

  it('lists the open ones of a language, newest first, with position, hours and posted date; a draft is nobody’s', async () => {
    const older = await post({ language: 'az', position: 'Dizayner' });
    const newer = await post({ language: 'az', position: 'Mühəndis' });
    const draft = await post({ language: 'az', position: 'Qaralama', published: false });
    const list = dataOf<VacancySummary[]>(await call(t.app, null, 'GET', '/api/Vacancy?language=az'));
    const ids = list.map((v) => v.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(draft.id);
    expect(list.find((v) => v.id === newer.id)).toMatchObject({
      position: 'Mühəndis',
      workHours: 'Full time, 09:00–18:00',
      location: 'Baku',
      publishedAt: expect.any(String),
    });
    expect(
      dataOf<VacancySummary[]>(await call(t.app, null, 'GET', '/api/Vacancy?language=ru')).map((v) => v.id),
    ).not.toContain(newer.id);
    expect((await call(t.app, null, 'GET', `/api/Vacancy/${draft.id}`)).statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', '/api/Vacancy/not-an-id')).statusCode).toBe(404);
    // The description is sanitized: its script never reaches a reader.
    const one = dataOf<Vacancy>(await call(t.app, null, 'GET', `/api/Vacancy/${newer.id}`));
    expect(one.description).toContain('<h2>What you will do</h2>');
    expect(one.description).not.toContain('script');
  });

  it('keeps its posted date through edits and refuses bad fields with their messages', async () => {
    const posted = await post();
    const edited = dataOf<StaffVacancy>(
      await call(
        t.app,
        staff.token,
        'PUT',
        `/api/Staff/vacancies/${posted.id}`,
        vacancy({ position: 'Senior backend engineer' }),
      ),
    );
    expect(edited.publishedAt).toBe(posted.publishedAt);
    const bad = await call(
      t.app,
      staff.token,
      'POST',
      '/api/Staff/vacancies',
      vacancy({ position: 'ab', workHours: '', description: '<p> </p>' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldCodes(bad)).toMatchObject({ position: 'tooShort', workHours: 'required' });
  });
});

describe('applying', () => {
  it('needs a personal profile: nobody signed in gets 401 before any rule of the form', async () => {
    const open = await post();
    const response = await apply(null, { vacancyId: open.id });
    expect(response.statusCode).toBe(401);
  });

  it('takes a letter of 400 to 2500 characters, counted as the counter counts them', async () => {
    const open = await post();
    const someone = await merchant(t.app);
    const short = await apply(
      someone.token,
      application(open.id, { motivationLetter: letter(399), cvUploadId: await cv() }),
    );
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields?.motivationLetter?.message).toBe(
      'The motivation letter must be at least 400 characters',
    );
    const long = await apply(
      someone.token,
      application(open.id, { motivationLetter: letter(2501), cvUploadId: await cv() }),
    );
    expect(fieldCodes(long)).toMatchObject({ motivationLetter: 'letterTooLong' });
    // Spaces around the letter are not counted: 399 characters padded out are still too short.
    const padded = await apply(
      someone.token,
      application(open.id, { motivationLetter: `   ${letter(399)}\n\n`, cvUploadId: await cv() }),
    );
    expect(fieldCodes(padded)).toMatchObject({ motivationLetter: 'letterTooShort' });
    const exactly = await apply(
      someone.token,
      application(open.id, { motivationLetter: letter(400), cvUploadId: await cv() }),
    );
    expect(exactly.statusCode).toBe(201);
    const other = await merchant(t.app);
    const longest = await apply(
      other.token,
      application(open.id, { motivationLetter: letter(2500), cvUploadId: await cv() }),
    );
    expect(longest.statusCode).toBe(201);
  });

  it('names every missing field of step 1 and a missing CV with the spec’s messages', async () => {
    const open = await post();
    const someone = await merchant(t.app);
    const response = await apply(someone.token, { vacancyId: open.id, name: ' ', motivationLetter: letter(500) });
    expect(response.statusCode).toBe(400);
    const fields = errorOf(response).fields ?? {};
    for (const field of ['name', 'surname', 'email', 'phoneNumber']) {
      expect(fields[field]?.message, field).toBe('Name, Surname, Email and Phone number required');
    }
    expect(fields.cvUploadId?.message).toBe('CV file is required');
  });

  it('looks at the CV’s bytes: a program named .pdf, a spreadsheet and plain text are refused as they finish uploading and never kept; a PDF and a DOCX are taken', async () => {
    const open = await post();
    const someone = await merchant(t.app);
    for (const [bytes, name] of [
      [EXE, 'cv.pdf'],
      [XLSX, 'cv.docx'],
      [Buffer.from('just words'), 'cv.pdf'],
    ] as const) {
      const refused = await tusUpload(t.app, 'cv', bytes, name);
      expect(refused.ok, name).toBe(false);
      expect(refused.finished?.statusCode).toBe(415);
      expect(errorOf(refused.finished as NonNullable<typeof refused.finished>)).toMatchObject({
        code: 'CV_TYPE_INVALID',
        message: 'Only PDF or DOCX files are allowed',
      });
      // Removed at once: an application naming it finds nothing.
      const named = await apply(someone.token, application(open.id, { cvUploadId: refused.id }));
      expect(errorOf(named).code).toBe('FILE_UPLOAD_FAILED');
    }
    // In the uploader's language.
    const az = await tusUpload(t.app, 'cv', EXE, 'cv.pdf', { language: 'az' });
    expect(errorOf(az.finished as NonNullable<typeof az.finished>).message).toBe(
      'Yalnız PDF və ya DOCX faylları qəbul olunur',
    );
    const staffList = dataOf<StaffApplicationPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/applications?vacancyId=${open.id}`),
    );
    expect(staffList.total).toBe(0);

    expect(
      (await apply(someone.token, application(open.id, { cvUploadId: await cv(PDF, 'Aysel CV.pdf') }))).statusCode,
    ).toBe(201);
    const other = await merchant(t.app);
    expect((await apply(other.token, application(open.id, { cvUploadId: await cv(DOCX, 'cv.docx') }))).statusCode).toBe(
      201,
    );
    const kept = dataOf<StaffApplicationPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/applications?vacancyId=${open.id}`),
    );
    expect(kept.items.map((a) => a.cvName).sort()).toEqual(['Aysel CV.pdf', 'cv.docx']);
  });

  it('refuses a CV over 100 MB when its upload starts, with the spec’s message', async () => {
    const { created } = await tusUpload(t.app, 'cv', PDF, 'big.pdf', { declaredLength: 100 * 1024 * 1024 + 1 });
    expect(created.statusCode).toBe(413);
    expect(errorOf(created).message).toBe('File size exceeds 100MB');
  });

  it('refuses an upload of another kind, an unfinished one and one used already', async () => {
    const open = await post();
    const someone = await merchant(t.app);
    const image = (await tusUpload(t.app, 'image', PDF, 'a.png')).id;
    expect(errorOf(await apply(someone.token, application(open.id, { cvUploadId: image }))).code).toBe(
      'FILE_UPLOAD_FAILED',
    );
    const unfinished = (await tusUpload(t.app, 'cv', PDF, 'cv.pdf', { declaredLength: PDF.length + 10 })).id;
    expect(errorOf(await apply(someone.token, application(open.id, { cvUploadId: unfinished }))).code).toBe(
      'FILE_UPLOAD_FAILED',
    );
    const once = await cv();
    expect((await apply(someone.token, application(open.id, { cvUploadId: once }))).statusCode).toBe(201);
    const other = await merchant(t.app);
    expect(errorOf(await apply(other.token, application(open.id, { cvUploadId: once }))).code).toBe(
      'FILE_UPLOAD_FAILED',
    );
  });

  it('keeps the CV’s upload when the application can not be written: sent again, it is taken', async () => {
    const open = await post();
    const someone = await merchant(t.app);
    const upload = await cv();
    const spy = vi.spyOn(t.ctx.db, 'insert').mockImplementationOnce(() => {
      throw new Error('the database went away');
    });
    try {
      expect((await apply(someone.token, application(open.id, { cvUploadId: upload }))).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    // The 100 MB are not asked for again: the same upload is named.
    expect((await apply(someone.token, application(open.id, { cvUploadId: upload }))).statusCode).toBe(201);
  });

  it('is once per vacancy, only to an open one, and refuses a script’s form', async () => {
    const open = await post();
    const draft = await post({ published: false });
    const someone = await merchant(t.app);
    expect((await apply(someone.token, application(draft.id, { cvUploadId: await cv() }))).statusCode).toBe(404);
    expect((await apply(someone.token, application(open.id, { cvUploadId: await cv() }))).statusCode).toBe(201);
    const again = await apply(someone.token, application(open.id, { cvUploadId: await cv() }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already applied for this vacancy');
    const other = await merchant(t.app);
    const spam = await apply(other.token, { ...application(open.id), website: 'http://spam.example' });
    expect(errorOf(spam).code).toBe('SPAM_SUSPECTED');
    const page = dataOf<StaffApplicationPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/applications?vacancyId=${open.id}`),
    );
    expect(page.total).toBe(1);
  });

  it('limits the applications sent from one address', async () => {
    const open = await post();
    const someone = await merchant(t.app);
    const ip = newIp();
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Career',
        headers: { authorization: `Bearer ${someone.token}`, 'accept-language': 'en' },
        payload: application(open.id, { cvUploadId: 'a'.repeat(32) }),
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the applicant’s profile and the staff’s inbox', () => {
  it('shows the applicant their application and its status as the staff move it; nobody else sees it', async () => {
    const open = await post({ language: 'az', position: 'Məhsul meneceri' });
    const applicant = await merchant(t.app);
    const receipt = dataOf<{ id: string; number: number }>(
      await apply(applicant.token, application(open.id, { cvUploadId: await cv(PDF, 'Aysel.pdf') })),
      201,
    );
    const mine = dataOf<VacancyWithCareer[]>(
      await call(t.app, applicant.token, 'GET', '/api/Vacancy/with-career?language=az'),
    );
    expect(mine.find((v) => v.id === open.id)?.application).toMatchObject({
      number: receipt.number,
      status: 'received',
    });

    // The staff were told, and the applicant got a receipt naming where to follow it.
    const staffMail = await mailbox(t.app, STAFF);
    expect(
      staffMail.some((m) => m.subject.includes(`#${receipt.number}`) && m.subject.includes('Məhsul meneceri')),
    ).toBe(true);
    const own = await mailbox(t.app, applicant.email);
    expect(own.some((m) => m.subject.includes('Məhsul meneceri') && m.text.includes('/apply'))).toBe(true);

    const inbox = dataOf<StaffApplicationPage>(
      await call(t.app, staff.token, 'GET', '/api/Staff/applications?status=received'),
    );
    const item = inbox.items.find((a) => a.id === receipt.id) as StaffApplication;
    expect(item).toMatchObject({
      position: 'Məhsul meneceri',
      name: 'Aysel',
      cvName: 'Aysel.pdf',
      cvBytes: PDF.length,
    });
    expect(inbox.received).toBeGreaterThanOrEqual(1);

    const file = await call(t.app, staff.token, 'GET', item.cvUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain('Aysel.pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await call(t.app, applicant.token, 'GET', item.cvUrl)).statusCode).toBe(403);
    expect((await call(t.app, null, 'GET', item.cvUrl)).statusCode).toBe(401);

    const moved = dataOf<StaffApplication>(
      await call(t.app, staff.token, 'PUT', `/api/Staff/applications/${receipt.id}`, { status: 'interview' }),
    );
    expect(moved.status).toBe('interview');
    const after = dataOf<VacancyWithCareer[]>(
      await call(t.app, applicant.token, 'GET', '/api/Vacancy/with-career?language=az'),
    );
    expect(after.find((v) => v.id === open.id)?.application?.status).toBe('interview');

    // Taken down after they applied: still in their profile, marked closed; not among the open ones.
    await call(
      t.app,
      staff.token,
      'PUT',
      `/api/Staff/vacancies/${open.id}`,
      vacancy({ language: 'az', position: 'Məhsul meneceri', published: false }),
    );
    const closed = dataOf<VacancyWithCareer[]>(
      await call(t.app, applicant.token, 'GET', '/api/Vacancy/with-career?language=en'),
    );
    expect(closed.find((v) => v.id === open.id)).toMatchObject({ open: false, application: { status: 'interview' } });

    const stranger = await merchant(t.app);
    const theirs = dataOf<VacancyWithCareer[]>(
      await call(t.app, stranger.token, 'GET', '/api/Vacancy/with-career?language=az'),
    );
    expect(theirs.some((v) => v.application !== null)).toBe(false);
    const anonymous = dataOf<VacancyWithCareer[]>(
      await call(t.app, null, 'GET', '/api/Vacancy/with-career?language=az'),
    );
    expect(anonymous.every((v) => v.application === null && v.open)).toBe(true);
  });

  it('keeps a vacancy people applied to (unpublish it instead) and deletes one nobody did', async () => {
    const applied = await post();
    const someone = await merchant(t.app);
    await apply(someone.token, application(applied.id, { cvUploadId: await cv() }));
    // The staff's list counts who applied (one here, none on a vacancy nobody applied to).
    const listed = dataOf<StaffVacancy[]>(await call(t.app, staff.token, 'GET', '/api/Staff/vacancies'));
    expect(listed.find((v) => v.id === applied.id)?.applications).toBe(1);
    const empty = await post();
    expect(
      dataOf<StaffVacancy>(await call(t.app, staff.token, 'GET', `/api/Staff/vacancies/${empty.id}`)).applications,
    ).toBe(0);
    const refused = await call(t.app, staff.token, 'DELETE', `/api/Staff/vacancies/${applied.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('VACANCY_HAS_APPLICATIONS');
    expect((await call(t.app, staff.token, 'DELETE', `/api/Staff/vacancies/${empty.id}`)).statusCode).toBe(200);
    expect((await call(t.app, null, 'GET', `/api/Vacancy/${empty.id}`)).statusCode).toBe(404);
  });
});
