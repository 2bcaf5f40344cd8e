import { formatMoney } from '@shop/shared';

/**
 * Azerbaijani as CLDR writes it ("3,2%"); browsers without Azerbaijani data (Chromium) would
 * fall back to English separators, so the digits come from a locale with the same ones.
 */
function numberFormat(language: string, options: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(language === 'az' ? 'de' : language, options);
}

/** 0.0325 → "3,3%" / "3.3%"; a dash when there is no figure. */
export function formatPercent(value: number | null, language: string, digits = 1): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const number = numberFormat(language, { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(
    value * 100,
  );
  return language === 'ru' ? `${number}\u00a0%` : `${number}%`;
}

/** A change as a signed percentage: "+12,5%", "−4%". */
export function formatChange(value: number, language: string): string {
  const text = formatPercent(Math.abs(value), language);
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}`;
}

/** A count: "1.234" / "1,234". */
export function formatCount(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

export { formatMoney };

/** "11.03" — a short day for chart axes, the same in every language. */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}`;
}

/** "11.03.2026" — a day in tables. */
export function longDay(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}
