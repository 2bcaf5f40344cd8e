import type { Language, OrderDetails, OrderDetailsLine, OrderEvent } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { locales } from '../../lib/locales';
import {
  canFulfil,
  canRefund,
  defaultFulfilQuantities,
  defaultRefundValues,
  fulfilRequest,
  refundRequest,
  serverFieldOf,
  unitsToFulfil,
  unitsToRestock,
  valueOfUnits,
} from './actions';
import { describeEvent } from './events';
import { orderName } from './format';
import { isDay, orderQueryString, readOrderListView, toOrderListQuery, writeOrderListView } from './list-params';

const MARKET = '11111111-1111-4111-8111-111111111111';
const A = '22222222-2222-4222-8222-222222222222';
const B = '33333333-3333-4333-8333-333333333333';

function line(id: string, changes: Partial<OrderDetailsLine> = {}): OrderDetailsLine {
  return {
    id,
    productId: null,
    variantId: null,
    title: `Line ${id.slice(0, 1)}`,
    variantTitle: null,
    sku: null,
    imageUrl: null,
    unitPrice: 1500,
    compareAtPrice: null,
    quantity: 2,
    lineTotal: 3000,
    bundleId: null,
    bundleTitle: null,
    bundleUnits: 0,
    discount: 0,
    paid: 3000,
    fulfilledQuantity: 0,
    refundedQuantity: 0,
    ...changes,
  };
}

function order(changes: Partial<OrderDetails> = {}): OrderDetails {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    marketId: MARKET,
    number: 1001,
    name: '#1001',
    placedAt: '2026-03-12T10:00:00.000Z',
    paidAt: '2026-03-12T10:01:00.000Z',
    paymentStatus: 'paid',
    fulfillmentStatus: 'unfulfilled',
    closed: false,
    archived: false,
    email: 'shopper@shop.az',
    phone: null,
    shippingAddress: null,
    billingAddress: null,
    note: null,
    shippingName: 'Courier',
    items: [line(A), line(B, { unitPrice: 1000, quantity: 1, lineTotal: 1000, paid: 1000 })],
    subtotal: 4000,
    bundleDiscount: 0,
    discount: null,
    discountTotal: 0,
    shippingPrice: 500,
    paymentMethod: 'card',
    cashFee: 0,
    total: 4500,
    refundedAmount: 0,
    refundable: 4500,
    cardMask: '424242******4242',
    language: 'az',
    events: [],
    ...changes,
  };
}

describe('the list view in the URL', () => {
  it('a plain list has a plain URL, and every setting comes back from its URL', () => {
    const plain = readOrderListView(new URLSearchParams());
    expect(writeOrderListView(plain).toString()).toBe('');
    const view = {
      ...plain,
      view: 'unfulfilled' as const,
      search: 'aysel',
      paymentStatus: 'paid' as const,
      fulfillmentStatus: 'partial' as const,
      from: '2026-03-01',
      to: '2026-03-31',
      sort: 'total_desc' as const,
      page: 3,
      pageSize: 100,
    };
    const params = writeOrderListView(view);
    expect(params.toString()).toBe(
      'view=unfulfilled&search=aysel&paymentStatus=paid&fulfillmentStatus=partial&from=2026-03-01&to=2026-03-31&sort=total_desc&page=3&pageSize=100',
    );
    expect(readOrderListView(params)).toEqual(view);
  });

  it('anything unknown or malformed is the default; dates the wrong way round are turned', () => {
    const view = readOrderListView(
      new URLSearchParams('view=later&paymentStatus=lost&page=-2&pageSize=7&sort=x&from=2026-02-30&to=2026-13-01'),
    );
    expect(view).toMatchObject({ view: 'all', paymentStatus: null, page: 1, pageSize: 50, sort: 'newest' });
    expect(view.from).toBeNull();
    expect(view.to).toBeNull();
    const turned = readOrderListView(new URLSearchParams('from=2026-03-31&to=2026-03-01'));
    expect([turned.from, turned.to]).toEqual(['2026-03-01', '2026-03-31']);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
  });

  it('the API query leaves out what is not set; the export drops paging', () => {
    const query = toOrderListQuery(readOrderListView(new URLSearchParams('view=open&search=%20%20')));
    expect(orderQueryString(MARKET, query)).toBe(`marketId=${MARKET}&view=open&sort=newest&page=1&pageSize=50`);
  });
});

describe('fulfilling', () => {
  it('offers what is neither sent nor refunded, and only for a paid order', () => {
    expect(unitsToFulfil(line(A, { quantity: 5, fulfilledQuantity: 2, refundedQuantity: 1 }))).toBe(2);
    expect(canFulfil(order())).toBe(true);
    expect(canFulfil(order({ paymentStatus: 'pending' }))).toBe(false);
    const sent = order({ items: [line(A, { fulfilledQuantity: 2 })] });
    expect(canFulfil(sent)).toBe(false);
  });

  it('everything left is sent without a list; a choice is sent as lines', () => {
    const o = order();
    const all = fulfilRequest(o, defaultFulfilQuantities(o), true);
    expect(all.errors).toEqual({});
    expect(all.input).toEqual({ notify: true });

    const one = fulfilRequest(o, { [A]: 1, [B]: 0 }, false);
    expect(one.errors).toEqual({});
    expect(one.input).toEqual({ items: [{ orderItemId: A, quantity: 1 }], notify: false });
    expect(one.lines).toEqual([A]);
  });

  it('refuses nothing chosen and more than is left', () => {
    expect(fulfilRequest(order(), { [A]: 0, [B]: 0 }, true).errors).toEqual({ items: { text: 'chooseItems' } });
    expect(fulfilRequest(order(), { [A]: 3, [B]: 1 }, true).errors).toEqual({ [A]: { text: 'tooMany' } });
  });
});

describe('refunding', () => {
  it('prefills what can be refunded and offers the units not yet refunded', () => {
    const o = order({ refundedAmount: 1000, refundable: 3500 });
    expect(defaultRefundValues(o)).toMatchObject({ amount: '35.00', notify: true, reason: '' });
    expect(unitsToRestock(line(A, { quantity: 3, refundedQuantity: 1 }))).toBe(2);
    expect(valueOfUnits(o, { [A]: 2, [B]: 1 })).toBe(3500);
    expect(valueOfUnits(o, { [B]: 1 })).toBe(1000);
    expect(canRefund(order({ refundable: 0 }))).toBe(false);
    expect(canRefund(order({ paymentStatus: 'canceled', refundable: 0 }))).toBe(false);
  });

  it('sends the amount in qəpik, the restocked lines and the reason', () => {
    const request = refundRequest(order(), {
      amount: '10,5',
      restock: { [A]: 0, [B]: 1 },
      reason: '  returned  ',
      notify: true,
    });
    expect(request.errors).toEqual({});
    expect(request.input).toEqual({
      amount: 1050,
      restock: [{ orderItemId: B, quantity: 1 }],
      reason: 'returned',
      notify: true,
    });
  });

  it('never more than can be refunded, nor a zero, nor more units than were bought', () => {
    const o = order({ refundable: 2000 });
    expect(refundRequest(o, { amount: '20.01', restock: {}, reason: '', notify: true }).errors).toEqual({
      amount: { text: 'aboveRefundable' },
    });
    expect(refundRequest(o, { amount: '0', restock: {}, reason: '', notify: true }).errors).toEqual({
      amount: { key: 'invalidPrice' },
    });
    expect(refundRequest(o, { amount: 'ten', restock: {}, reason: '', notify: true }).errors).toEqual({
      amount: { key: 'invalidPrice' },
    });
    expect(refundRequest(o, { amount: '5', restock: { [B]: 2 }, reason: '', notify: true }).errors).toEqual({
      [B]: { text: 'tooMany' },
    });
    expect(refundRequest(o, { amount: '5', restock: {}, reason: 'x'.repeat(501), notify: true }).errors).toEqual({
      reason: { key: 'tooLong' },
    });
  });

  it("puts a server's field errors on the line they were sent for", () => {
    expect(serverFieldOf('restock.1.quantity', [A, B])).toBe(B);
    expect(serverFieldOf('items.0.quantity', [A])).toBe(A);
    expect(serverFieldOf('amount', [])).toBe('amount');
  });
});

describe('order names', () => {
  it('prefix + number + suffix', () => {
    expect(orderName('#', 1001, '')).toBe('#1001');
    expect(orderName('SB-', 1001, '-AZ')).toBe('SB-1001-AZ');
  });
});

describe('the timeline says why a payment failed in the merchant’s language', () => {
  const event = (data: Record<string, unknown>): OrderEvent => ({
    id: '1',
    kind: 'payment_failed',
    data: { paymentId: 'p1', ...data },
    createdAt: '2026-03-12T10:00:00.000Z',
  });
  const say = (language: Language, data: Record<string, unknown>) =>
    describeEvent(event(data), language, createI18n(language, locales[language]).t);

  it('a cause the provider’s code maps to, in az, en and ru — not the provider’s English', () => {
    expect(say('az', { code: '100', cause: 'declined', reason: 'Declined' })).toEqual({
      title: 'Ödəniş uğursuz oldu',
      detail: 'Bank kartı rədd etdi',
    });
    expect(say('az', { code: '116', cause: 'insufficient_funds', reason: 'Insufficient funds' }).detail).toBe(
      'Kartda kifayət qədər vəsait yoxdur',
    );
    expect(say('ru', { code: '116', cause: 'insufficient_funds', reason: 'Insufficient funds' }).detail).toBe(
      'На карте недостаточно средств',
    );
    expect(say('en', { code: '100', cause: 'declined', reason: 'Declined' }).detail).toBe('The bank declined the card');
  });

  it('a code without a cause keeps the provider’s own words', () => {
    expect(say('az', { code: '902', cause: null, reason: 'Decline reason: invalid transaction' }).detail).toBe(
      'Decline reason: invalid transaction',
    );
    // Written before causes existed.
    expect(say('az', { code: '100', reason: 'Declined' }).detail).toBe('Declined');
  });
});

describe('the timeline says when a discount code ran out', () => {
  const say = (language: Language, kind: OrderEvent['kind'], data: Record<string, unknown>) =>
    describeEvent(
      { id: '1', kind, data, createdAt: '2026-03-12T10:00:00.000Z' },
      language,
      createI18n(language, locales[language]).t,
    );

  it('an order canceled because its code was used up, and the payment returned for it, in az, en and ru', () => {
    expect(say('en', 'canceled', { cause: 'code_used_up' }).title).toBe(
      'Order canceled: its discount code had been used up',
    );
    expect(say('az', 'canceled', { cause: 'code_used_up' }).title).toBe(
      'Sifariş ləğv edildi: endirim kodunun istifadə limiti bitmişdi',
    );
    expect(say('ru', 'canceled', { cause: 'code_used_up' }).title).toBe(
      'Заказ отменён: лимит использований промокода исчерпан',
    );
    const returned = { paymentId: 'p1', amount: 4500, cardMask: '424242******4242', cause: 'code_used_up' };
    expect(say('en', 'payment_returned', returned).detail).toBe(
      'The discount code was used up while the shopper paid · Card 424242******4242',
    );
    expect(say('az', 'payment_returned', returned).detail).toMatch(/^Alıcı ödəyərkən endirim kodunun/);
    expect(say('ru', 'payment_returned', returned).detail).toMatch(/^Лимит использований промокода/);
    // Other causes keep their words; an unknown one is a plain cancel.
    expect(say('en', 'canceled', { cause: 'out_of_stock' }).title).toBe(
      'Order canceled: the items were no longer in stock',
    );
    expect(say('en', 'canceled', { cause: 'constructor' }).title).toBe('Order canceled');
  });
});
