import { describe, expect, it } from 'vitest';
import { isMenuUrl, menuItemSchema, PAGE_SLUG_MAX, PAGE_SLUG_PATTERN, slugify } from './content.js';

describe('a page’s address from its title', () => {
  it('spells Azerbaijani and Russian (both alphabets of Azerbaijani too) in Latin', () => {
    expect(slugify('Ödəniş və çatdırılma')).toBe('odenis-ve-catdirilma');
    expect(slugify('QAYTARMA ŞƏRTLƏRİ')).toBe('qaytarma-sertleri');
    expect(slugify('İstanbul, Iğdır')).toBe('istanbul-igdir');
    expect(slugify('Ölçü cədvəli — güzgü')).toBe('olcu-cedveli-guzgu');
    expect(slugify('Доставка и оплата')).toBe('dostavka-i-oplata');
    expect(slugify('Щётка, подъезд, Юля')).toBe('shchyotka-podezd-yulya');
    expect(slugify('Һаггымызда Әли')).toBe('haggymyzda-eli');
    expect(slugify('Café & crème brûlée')).toBe('cafe-creme-brulee');
    expect(slugify('  FAQ: 10 questions!  ')).toBe('faq-10-questions');
  });

  it('is a valid address or nothing: no leading, trailing or double hyphens, at most 80 letters', () => {
    expect(slugify('🙂 🙂')).toBe('');
    expect(slugify('中文')).toBe('');
    const long = slugify(`${'word '.repeat(30)}end`);
    expect(long.length).toBeLessThanOrEqual(PAGE_SLUG_MAX);
    expect(long).toMatch(PAGE_SLUG_PATTERN);
    for (const title of ['--a--b--', 'a  -  b', 'Ə-Ş-Ç', '***x***']) expect(slugify(title)).toMatch(PAGE_SLUG_PATTERN);
  });
});

describe('a menu link', () => {
  it('to another site: http or https with a dotted host, nothing a browser would run', () => {
    for (const url of ['https://instagram.com/shop', 'http://blog.example.az/a?b=1#c', 'HTTPS://EXAMPLE.COM']) {
      expect(isMenuUrl(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/pages/about',
      'https://localhost',
      'mailto:a@b.az',
      'https://a.az/"><script>',
    ]) {
      expect(isMenuUrl(url), url).toBe(false);
    }
  });

  it('names what its kind needs, at the field that lacks it', () => {
    const issues = (item: unknown) =>
      menuItemSchema.safeParse(item).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues({ kind: 'home' })).toEqual([]);
    expect(issues({ kind: 'catalog', label: 'Shop' })).toEqual([]);
    expect(issues({ kind: 'category' })).toEqual([['target', 'menuTargetRequired']]);
    expect(issues({ kind: 'policy', target: 'privacy' })).toEqual([]);
    expect(issues({ kind: 'url', target: 'https://x.az' })).toEqual([['label', 'menuLabelRequired']]);
    expect(issues({ kind: 'url', label: 'X', target: 'javascript:void(0)' })).toEqual([['target', 'menuUrlInvalid']]);
  });
});
