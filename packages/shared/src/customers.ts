import { z } from 'zod';
import { pageSchema } from './catalog.js';
import { addressViewSchema, fulfillmentStatusSchema, paymentStatusSchema } from './commerce.js';
import { idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';
import { emailSchema } from './user.js';

/**
 * Customers of a market (cp/customers): everyone who has paid an order there or signed up for its
 * e-mails (the home's newsletter section), one per e-mail, with their orders count, total spent
 * (paid less refunded), last order and whether they agreed to the store's e-mails. The figures are
 * kept up to date as orders are paid and refunded; these calls only read them.
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

/** Whether a customer agreed to the store's e-mails (the list's filter). */
export const EMAIL_CONSENTS = ['subscribed', 'notSubscribed'] as const;
export type EmailConsent = (typeof EMAIL_CONSENTS)[number];

export const customerLimits = { pageSize: { default: 25, max: 100 }, search: 100, orders: 100 } as const;

/** GET /Customer/all?marketId=&search=&sort=&emailConsent=&page=&pageSize= */
export const customerListQuerySchema = z.strictObject({
  marketId: z.uuid('MARKET_ID_MISSING'),
  /** Part of a name, an e-mail or a phone number. */
  search: z.string('invalidValue').trim().max(customerLimits.search, 'tooLong').optional(),
  sort: z.enum(CUSTOMER_SORTS, 'invalidValue').default('last_order_desc'),
  /** Only those who agreed to the store's e-mails, or only those who did not. */
  emailConsent: z.enum(EMAIL_CONSENTS, 'invalidValue').optional(),
  ...pageQuery(customerLimits.pageSize),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerListItemSchema = z.strictObject({
  id: idSchema,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** First and last name joined; null when neither is known. */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  ordersCount: intSchema,
  /** Qəpik: paid orders less refunds. */
  totalSpent: intSchema,
  firstOrderAt: timestampSchema.nullable(),
  lastOrderAt: timestampSchema.nullable(),
  /** When they agreed to the store's e-mails (its newsletter sign-up); null: they have not. */
  marketingConsentAt: timestampSchema.nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customerPageSchema = pageSchema(customerListItemSchema);

/** One of the customer's placed orders (cp customer page). */
export const customerOrderSchema = z.strictObject({
  id: idSchema,
  number: intSchema,
  /** As shown: prefix + number + suffix. */
  name: z.string(),
  placedAt: timestampSchema,
  paidAt: timestampSchema.nullable(),
  total: intSchema,
  refundedAmount: intSchema,
  paymentStatus: paymentStatusSchema,
  fulfillmentStatus: fulfillmentStatusSchema,
  itemCount: intSchema,
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** GET /Customer/{id}?marketId= */
export const customerDetailsSchema = customerListItemSchema.extend({
  /** The delivery address of their latest order that has one. */
  address: addressViewSchema.nullable(),
  /** Their placed orders in this market, newest first (at most `customerLimits.orders`). */
  orders: z.array(customerOrderSchema),
  /** All their placed orders, paid or not; `orders` may hold fewer. */
  placedOrders: intSchema,
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/** The customer's name as shown: first and last joined, or null. */
export function customerName(person: { firstName: string | null; lastName: string | null }): string | null {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** POST /Customer/newsletter: a shopper signs up on a store's home (issue 16 newsletter section). */
export const newsletterSignUpSchema = z.strictObject({
  marketId: z.uuid('invalidValue'),
  email: emailSchema,
});
export type NewsletterSignUp = z.infer<typeof newsletterSignUpSchema>;
