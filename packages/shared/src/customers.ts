import { z } from 'zod';
import type { Address, FulfillmentStatus, PaymentStatus } from './commerce.js';

/**
 * Customers of a market (cp/customers): everyone who has paid an order there, one per e-mail,
 * with their orders count, total spent (paid less refunded) and last order. The figures are kept
 * up to date as orders are paid and refunded; these calls only read them.
 */

export const CUSTOMER_SORTS = [
  'last_order_desc',
  'last_order_asc',
  'total_spent_desc',
  'total_spent_asc',
  'orders_desc',
  'orders_asc',
  'name_asc',
  'name_desc',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customerLimits = { pageSize: { default: 25, max: 100 }, search: 100, orders: 100 } as const;

const page = z.coerce
  .number('invalidValue')
  .int('invalidValue')
  .min(1, 'invalidValue')
  .max(100_000, 'invalidValue')
  .default(1);

/** GET /Customer/all?marketId=&search=&sort=&page=&pageSize= */
export const customerListQuerySchema = z.strictObject({
  marketId: z.uuid('MARKET_ID_MISSING'),
  /** Part of a name, an e-mail or a phone number. */
  search: z.string('invalidValue').trim().max(customerLimits.search, 'tooLong').optional(),
  sort: z.enum(CUSTOMER_SORTS, 'invalidValue').default('last_order_desc'),
  page,
  pageSize: z.coerce
    .number('invalidValue')
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(customerLimits.pageSize.max, 'invalidValue')
    .default(customerLimits.pageSize.default),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export interface CustomerListItem {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** First and last name joined; null when neither is known. */
  name: string | null;
  phone: string | null;
  ordersCount: number;
  /** Qəpik: paid orders less refunds. */
  totalSpent: number;
  firstOrderAt: string | null;
  lastOrderAt: string | null;
}

/** One of the customer's placed orders (cp customer page). */
export interface CustomerOrder {
  id: string;
  number: number;
  /** As shown: prefix + number + suffix. */
  name: string;
  placedAt: string;
  paidAt: string | null;
  total: number;
  refundedAmount: number;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  itemCount: number;
}

/** GET /Customer/{id}?marketId= */
export interface CustomerDetails extends CustomerListItem {
  /** The delivery address of their latest order that has one. */
  address: Address | null;
  /** Their placed orders in this market, newest first (at most `customerLimits.orders`). */
  orders: CustomerOrder[];
  /** All their placed orders, paid or not; `orders` may hold fewer. */
  placedOrders: number;
}

/** The customer's name as shown: first and last joined, or null. */
export function customerName(person: { firstName: string | null; lastName: string | null }): string | null {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}
