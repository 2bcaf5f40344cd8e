import { formatMoney, type Language, REGIONS, regionName, type ShippingTariff } from '@shop/shared';
import type { TFunction } from 'i18next';

/**
 * One-line summaries of a rate for the list, in the interface language: its condition
 * ("Orders AZN 50.00–AZN 100.00", "Up to 2 kg"), its zone and its delivery time.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Digits as the language writes them; Azerbaijani with a decimal comma (as money.ts does). */
function decimal(value: number, language: string): string {
  const tag = language === 'az' ? 'de' : language;
  let format = numberFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
    numberFormats.set(tag, format);
  }
  return format.format(value);
}

/** 2000 → "2 kg", 1500 → "1,5 kq" (az), 500 → "500 g". */
export function formatWeight(grams: number, language: string, t: TFunction): string {
  if (grams >= 1000) return `${decimal(grams / 1000, language)}\u00a0${t('shipping.units.kg')}`;
  return `${decimal(grams, language)}\u00a0${t('shipping.units.g')}`;
}

export function conditionSummary(
  tariff: Pick<ShippingTariff, 'condition' | 'conditionMin' | 'conditionMax'>,
  language: string,
  t: TFunction,
): string {
  const { condition, conditionMin: min, conditionMax: max } = tariff;
  if (condition === 'none' || (min === null && max === null)) return t('shipping.condition.none');
  const format = (value: number) =>
    condition === 'order_total' ? formatMoney(value, language) : formatWeight(value, language, t);
  const key = condition === 'order_total' ? 'orderTotal' : 'weight';
  if (min !== null && max !== null) {
    return t(`shipping.condition.${key}.range`, { min: format(min), max: format(max) });
  }
  if (min !== null) return t(`shipping.condition.${key}.from`, { min: format(min) });
  return t(`shipping.condition.${key}.upTo`, { max: format(max as number) });
}

const SHOWN_REGIONS = 3;

/** "All of Azerbaijan", or the first regions' names and how many more; `all` lists every name. */
export function zoneSummary(regions: readonly string[], language: Language, t: TFunction) {
  const codes = new Set(regions);
  if (codes.size === 0 || REGIONS.every((r) => codes.has(r.code))) {
    return { text: t('shipping.zone.everywhere'), all: null };
  }
  const names = regions.map((code) => regionName(code, language));
  if (names.length <= SHOWN_REGIONS) return { text: names.join(', '), all: null };
  return {
    text: t('shipping.zone.more', {
      names: names.slice(0, SHOWN_REGIONS).join(', '),
      count: names.length - SHOWN_REGIONS,
    }),
    all: names.join(', '),
  };
}

/** "1–2 days", "3 days", "Same day", or null when the merchant has not said. */
export function daysSummary(min: number | null, max: number | null, t: TFunction): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null) {
    if (min === max) return min === 0 ? t('shipping.days.sameDay') : t('shipping.days.exact', { count: min });
    return t('shipping.days.range', { min, count: max });
  }
  if (min !== null) return t('shipping.days.from', { count: min });
  return t('shipping.days.upTo', { count: max });
}
