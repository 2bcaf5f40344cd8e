/**
 * Money is an integer number of qəpik (1 AZN = 100 qəpik), never a float (DESIGN §4). These
 * convert at the edges: what a person types or reads, and CSV files.
 */
export const CURRENCY = 'AZN';
/** The largest amount we accept anywhere: 10,000,000 AZN. */
export const MAX_MINOR = 1_000_000_000;

/** "19.99", "19,99", "19.9", "20" → 1999, 1999, 1990, 2000; anything else → null. */
export function parseMoney(text: string): number | null {
  const match = /^\s*(\d{1,8})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return minor <= MAX_MINOR ? minor : null;
}

/** 1999 → "19.99": the plain form used in inputs and CSV. */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(language: string): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(language, { style: 'currency', currency: CURRENCY });
    } catch {
      // Not a language tag at all (a stored preference gone bad, 'null'): the default language's form.
      return formatterFor('az');
    }
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * Azerbaijani as CLDR writes it ("1.234,56 ₼"). Browsers that ship without Azerbaijani data
 * (Chromium among them) would fall back to "AZN 1,234.56", so the digits come from a locale
 * every browser has with the same separators.
 */
const azerbaijaniDigits = new Intl.NumberFormat('de', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1999 → "19,99 ₼" / "AZN 19.99" as the language writes it. */
export function formatMoney(minor: number, language: string): string {
  if (language === 'az' || !isUsableTag(language)) return `${azerbaijaniDigits.format(minor / 100)}\u00a0₼`;
  return formatterFor(language).format(minor / 100);
}

function isUsableTag(language: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(language).length > 0;
  } catch {
    return false;
  }
}

/** 3.5 → "3,5" / "3.5" as the language writes a number (Azerbaijani as formatMoney does, without its data in browsers). */
export function formatDecimal(value: number, language: string): string {
  const options = { maximumFractionDigits: 2 };
  if (language === 'az' || !isUsableTag(language)) return new Intl.NumberFormat('de', options).format(value);
  return new Intl.NumberFormat(language, options).format(value);
}
