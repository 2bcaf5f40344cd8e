import { createTariffSchema, type ShippingTariff } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyTariffValues,
  formField,
  parseWeight,
  type TariffValues,
  tariffInput,
  tariffValues,
  weightText,
} from './form-values';

const MARKET = '11111111-1111-4111-8111-111111111111';
const values = (changes: Partial<TariffValues>): TariffValues => ({ ...emptyTariffValues(), ...changes });

const saved: ShippingTariff = {
  id: '22222222-2222-4222-8222-222222222222',
  marketId: MARKET,
  name: 'Up to 2 kg',
  description: null,
  type: 'custom',
  price: 750,
  isFree: false,
  condition: 'weight',
  conditionMin: null,
  conditionMax: 2000,
  regions: ['baku'],
  fulfilmentLocation: null,
  minDays: 1,
  maxDays: null,
  active: true,
};

describe('the rate form’s values', () => {
  it('weights in kilograms or grams become grams; unreadable ones are NaN', () => {
    expect(parseWeight('2', 'kg')).toBe(2000);
    expect(parseWeight('1,5', 'kg')).toBe(1500);
    expect(parseWeight('0.125', 'kg')).toBe(125);
    expect(parseWeight('750', 'g')).toBe(750);
    expect(parseWeight('  ', 'kg')).toBeNull();
    expect(parseWeight('1.2345', 'kg')).toBeNaN();
    expect(parseWeight('1.5', 'g')).toBeNaN();
    expect(parseWeight('-1', 'kg')).toBeNaN();
    expect(weightText(1500, 'kg')).toBe('1.5');
    expect(weightText(2000, 'kg')).toBe('2');
    expect(weightText(125, 'kg')).toBe('0.125');
    expect(weightText(125, 'g')).toBe('125');
  });

  it('a flat rate is sent without a condition, money in qəpik', () => {
    const input = tariffInput(
      values({ name: 'Courier', price: '7,5', regions: ['baku'], minDays: 1, maxDays: '', conditionMin: '9' }),
      MARKET,
    );
    expect(input).toMatchObject({
      type: 'flat',
      price: 750,
      condition: 'none',
      conditionMin: null,
      conditionMax: null,
      minDays: 1,
      maxDays: null,
    });
    expect(createTariffSchema.safeParse(input).success).toBe(true);
  });

  it('a free rate by order total; bounds in AZN become qəpik, an empty one is open', () => {
    const input = tariffInput(
      values({ name: 'Free', type: 'custom', condition: 'order_total', conditionMin: '100', isFree: true }),
      MARKET,
    );
    expect(input).toMatchObject({ isFree: true, price: 0, condition: 'order_total', conditionMin: 10000 });
    expect(input.conditionMax).toBeNull();
    expect(createTariffSchema.safeParse(input).success).toBe(true);
  });

  it('what can’t be read is refused by the shared schema at its field', () => {
    const input = tariffInput(
      values({ name: 'X', type: 'custom', condition: 'weight', conditionMin: 'abc', price: '1.234' }),
      MARKET,
    );
    const result = createTariffSchema.safeParse(input);
    expect(result.success).toBe(false);
    const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({ conditionMin: 'invalidValue', price: 'invalidPrice' });
    // An empty price of a paid rate is left for the form to call blank.
    expect(tariffInput(values({ name: 'X', price: '' }), MARKET).price).toBeUndefined();
  });

  it('a saved rate comes back as it was typed, and goes out unchanged', () => {
    const form = tariffValues(saved);
    expect(form).toMatchObject({ price: '7.50', conditionMax: '2', conditionMin: '', weightUnit: 'kg', maxDays: '' });
    const { id: _, ...rest } = saved;
    expect(createTariffSchema.parse(tariffInput(form, MARKET))).toEqual({
      ...rest,
      description: undefined,
      fulfilmentLocation: undefined,
    });
    expect(tariffValues({ ...saved, conditionMax: 500 }).weightUnit).toBe('g');
    expect(tariffValues({ ...saved, condition: 'order_total', conditionMin: 5000, conditionMax: null })).toMatchObject({
      condition: 'order_total',
      conditionMin: '50.00',
    });
  });

  it('every region’s error belongs to the zone field', () => {
    expect(formField('regions.3')).toBe('regions');
    expect(formField('conditionMax')).toBe('conditionMax');
  });
});
