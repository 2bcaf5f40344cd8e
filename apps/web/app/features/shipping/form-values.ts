import {
  type CreateTariffInput,
  minorToDecimal,
  parseMoney,
  type ShippingTariff,
  type TariffType,
  type UpdateTariffInput,
} from '@shop/shared';

export type WeightUnit = 'kg' | 'g';
export type ConditionKind = 'order_total' | 'weight';

/**
 * The rate form's values: the API's shape, with what people type kept as typed — money in AZN
 * ("19.99"), weight in the chosen unit, days as numbers or '' — until it is sent.
 */
export interface TariffValues {
  name: string;
  description: string;
  type: TariffType;
  /** Only for a custom rate: what its range is of. */
  condition: ConditionKind;
  conditionMin: string;
  conditionMax: string;
  weightUnit: WeightUnit;
  isFree: boolean;
  price: string;
  regions: string[];
  fulfilmentLocation: string;
  minDays: number | string;
  maxDays: number | string;
  active: boolean;
}

export function emptyTariffValues(): TariffValues {
  return {
    name: '',
    description: '',
    type: 'flat',
    condition: 'order_total',
    conditionMin: '',
    conditionMax: '',
    weightUnit: 'kg',
    isFree: false,
    price: '',
    regions: [],
    fulfilmentLocation: '',
    minDays: '',
    maxDays: '',
    active: true,
  };
}

const KG = /^\s*(\d{1,7})(?:[.,](\d{1,3}))?\s*$/;
const GRAMS = /^\s*(\d{1,10})\s*$/;

/** Weight as typed → grams: '' is no bound (null); anything unreadable is NaN (the schema refuses it). */
export function parseWeight(text: string, unit: WeightUnit): number | null {
  if (!text.trim()) return null;
  if (unit === 'g') {
    const match = GRAMS.exec(text);
    return match ? Number(match[1]) : Number.NaN;
  }
  const match = KG.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** Grams → the input's text in a unit: 1500 → "1.5" kg, "1500" g. */
export function weightText(grams: number | null, unit: WeightUnit): string {
  if (grams === null || !Number.isFinite(grams)) return '';
  if (unit === 'g') return String(grams);
  const whole = Math.floor(grams / 1000);
  const rest = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** Money as typed → qəpik: '' is null; unreadable is NaN. */
function moneyOrNull(text: string): number | null {
  if (!text.trim()) return null;
  return parseMoney(text) ?? Number.NaN;
}

const days = (value: number | string): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** The unit a saved weight reads best in: kilograms unless a bound is under one. */
function unitFor(tariff: ShippingTariff): WeightUnit {
  const bounds = [tariff.conditionMin, tariff.conditionMax].filter((b): b is number => b !== null);
  return bounds.some((b) => b > 0 && b < 1000) ? 'g' : 'kg';
}

export function tariffValues(tariff: ShippingTariff): TariffValues {
  const weightUnit = tariff.condition === 'weight' ? unitFor(tariff) : 'kg';
  const bound = (value: number | null) => {
    if (value === null) return '';
    return tariff.condition === 'weight' ? weightText(value, weightUnit) : minorToDecimal(value);
  };
  return {
    name: tariff.name,
    description: tariff.description ?? '',
    type: tariff.type,
    condition: tariff.condition === 'weight' ? 'weight' : 'order_total',
    conditionMin: bound(tariff.conditionMin),
    conditionMax: bound(tariff.conditionMax),
    weightUnit,
    isFree: tariff.isFree,
    price: tariff.isFree ? '' : minorToDecimal(tariff.price),
    regions: tariff.regions,
    fulfilmentLocation: tariff.fulfilmentLocation ?? '',
    minDays: tariff.minDays ?? '',
    maxDays: tariff.maxDays ?? '',
    active: tariff.active,
  };
}

/**
 * The body of POST /ShippingTariff/create from the form. Unreadable numbers stay NaN so that the
 * shared schema reports them at their field; an empty price of a paid rate stays undefined so
 * that the form can say it can't be blank.
 */
export function tariffInput(values: TariffValues, marketId: string): CreateTariffInput {
  const custom = values.type === 'custom';
  const bound = (text: string) =>
    values.condition === 'weight' ? parseWeight(text, values.weightUnit) : moneyOrNull(text);
  return {
    marketId,
    name: values.name,
    description: values.description,
    type: values.type,
    isFree: values.isFree,
    price: values.isFree ? 0 : values.price.trim() ? (parseMoney(values.price) ?? Number.NaN) : undefined,
    condition: custom ? values.condition : 'none',
    conditionMin: custom ? bound(values.conditionMin) : null,
    conditionMax: custom ? bound(values.conditionMax) : null,
    regions: values.regions,
    fulfilmentLocation: values.fulfilmentLocation,
    minDays: days(values.minDays),
    maxDays: days(values.maxDays),
    active: values.active,
  };
}

/** PUT /ShippingTariff/update of a saved rate with some fields changed (the list's switch). */
export function tariffUpdate(tariff: ShippingTariff, changes: Partial<CreateTariffInput> = {}): UpdateTariffInput {
  return {
    id: tariff.id,
    marketId: tariff.marketId,
    name: tariff.name,
    description: tariff.description,
    type: tariff.type,
    price: tariff.price,
    isFree: tariff.isFree,
    condition: tariff.condition,
    conditionMin: tariff.conditionMin,
    conditionMax: tariff.conditionMax,
    regions: tariff.regions,
    fulfilmentLocation: tariff.fulfilmentLocation,
    minDays: tariff.minDays,
    maxDays: tariff.maxDays,
    active: tariff.active,
    ...changes,
  };
}

/** A field error's path as the form names it: every region's error belongs to the zone field. */
export function formField(path: string): string {
  return path.startsWith('regions.') ? 'regions' : path;
}
