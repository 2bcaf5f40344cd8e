import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './messages.js';
import { formatMoney, MAX_MINOR, minorToDecimal, parseMoney } from './money.js';

/**
 * What parseMoney promises, written another way: optional whitespace, 1–8 digits, optionally a
 * dot or comma and 1–2 digits, optional whitespace; at most MAX_MINOR qəpik.
 */
function expected(text: string): number | null {
  const s = text.trim();
  const separator = [...s].findIndex((c) => c === '.' || c === ',');
  const whole = separator < 0 ? s : s.slice(0, separator);
  const fraction = separator < 0 ? null : s.slice(separator + 1);
  const digits = (part: string) => [...part].every((c) => c >= '0' && c <= '9');
  if (whole.length < 1 || whole.length > 8 || !digits(whole)) return null;
  if (fraction !== null && (fraction.length < 1 || fraction.length > 2 || !digits(fraction))) return null;
  const minor = Number(whole) * 100 + (fraction === null ? 0 : Number(fraction.padEnd(2, '0')));
  return minor <= MAX_MINOR ? minor : null;
}

const whitespace = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0', '\u2003');
/** Strings shaped almost like amounts: the places where a parser goes wrong. */
const amountLike = fc
  .record({
    before: whitespace,
    sign: fc.constantFrom('', '', '-', '+'),
    whole: fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 10 }),
    separator: fc.constantFrom('', '.', ',', ' ', "'", '..', '٫'),
    fraction: fc.string({ unit: fc.constantFrom('0', '4', '9', 'e', '٣'), maxLength: 4 }),
    after: whitespace,
  })
  .map((p) => `${p.before}${p.sign}${p.whole}${p.separator}${p.fraction}${p.after}`);

describe('parseMoney and minorToDecimal', () => {
  it('round-trip every amount from 0 to MAX_MINOR, with a dot or a comma', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: MAX_MINOR }),
          fc.constantFrom(0, 1, 9, 10, 99, 100, 101, 999_999, MAX_MINOR - 1, MAX_MINOR),
        ),
        (minor) => {
          const text = minorToDecimal(minor);
          expect(text).toMatch(/^\d{1,8}\.\d{2}$/);
          expect(parseMoney(text)).toBe(minor);
          expect(parseMoney(text.replace('.', ','))).toBe(minor);
          expect(parseMoney(` ${text}\t`)).toBe(minor);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('read exactly the 1–8 digit numbers with up to 2 decimals, and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(amountLike, fc.string(), fc.string({ unit: 'binary' })), (text) => {
        expect(parseMoney(text)).toBe(expected(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['19.99', 1999],
    ['19,99', 1999],
    ['19.9', 1990],
    ['20', 2000],
    ['12,34', 1234],
    ['0', 0],
    ['00000001.5', 150],
    ['10000000', MAX_MINOR],
    ['10000000.00', MAX_MINOR],
  ])('reads %j as %d qəpik', (text, minor) => {
    expect(parseMoney(text)).toBe(minor);
  });

  it.each([
    '12,345',
    '1.234,50',
    '1 000',
    '-1',
    '+5',
    '1e3',
    '.5',
    '5.',
    '',
    '   ',
    '123456789',
    '10000000.01',
    '99999999.99',
    '١٢',
    'NaN',
    'Infinity',
    '0x10',
  ])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('minorToDecimal writes negative amounts with a sign', () => {
    expect(minorToDecimal(-1999)).toBe('-19.99');
    expect(minorToDecimal(-5)).toBe('-0.05');
  });
});

describe('formatMoney', () => {
  it('never throws, whatever the amount and whatever language tag a stored preference holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double(), fc.integer({ min: 0, max: MAX_MINOR })),
        fc.oneof(fc.constantFrom(...LANGUAGES, 'en-GB', 'az-Latn-AZ', 'null', 'undefined', ''), fc.string()),
        (minor, language) => {
          const text = formatMoney(minor, language);
          expect(typeof text).toBe('string');
          expect(text.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('writes AZN as each interface language does', () => {
    expect(formatMoney(1999, 'en').replace(/\s/g, ' ')).toBe('AZN 19.99');
    expect(formatMoney(123456, 'az').replace(/\s/g, ' ')).toBe('1.234,56 ₼');
    expect(formatMoney(0, 'ru')).toMatch(/^0,00\sAZN$/);
    // A tag that is no language falls back to the default (Azerbaijani) form.
    expect(formatMoney(1999, '??')).toBe(formatMoney(1999, 'az'));
    expect(formatMoney(1999, 'null')).toBe(formatMoney(1999, 'az'));
  });
});
