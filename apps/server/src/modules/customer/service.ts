import {
  type Address,
  type CustomerDetails,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerOrder,
  type CustomerSort,
  customerLimits,
  customerListQuerySchema,
  customerName,
  type Page,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { folded, phoneDigits, searchPattern } from '../../platform/search.js';

interface CustomerRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  orders_count: number;
  total_spent: number;
  first_order_at: Date | string | null;
  last_order_at: Date | string | null;
  marketing_consent_at: Date | string | null;
}

/** The columns of a `CustomerRow`: the list and a customer's page read the same. */
const CUSTOMER_COLUMNS = sql.raw(`id, email, first_name, last_name, phone, orders_count, total_spent,
  first_order_at, last_order_at, marketing_consent_at`);

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

function toListItem(row: CustomerRow): CustomerListItem {
  const person = { firstName: row.first_name, lastName: row.last_name };
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: customerName(person),
    phone: row.phone,
    ordersCount: Number(row.orders_count),
    totalSpent: Number(row.total_spent),
    firstOrderAt: iso(row.first_order_at),
    lastOrderAt: iso(row.last_order_at),
    marketingConsentAt: iso(row.marketing_consent_at),
  };
}

/** The name a customer is sorted by: their name, else their e-mail, in Azerbaijani alphabetical order. */
const sortName = sql`coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) collate az_icu`;

const ORDER_BY: Record<CustomerSort, SQL> = {
  last_order_desc: sql`last_order_at desc nulls last, id`,
  last_order_asc: sql`last_order_at asc nulls last, id`,
  total_spent_desc: sql`total_spent desc, last_order_at desc nulls last, id`,
  total_spent_asc: sql`total_spent asc, last_order_at desc nulls last, id`,
  orders_desc: sql`orders_count desc, last_order_at desc nulls last, id`,
  orders_asc: sql`orders_count asc, last_order_at desc nulls last, id`,
  name_asc: sql`${sortName} asc, id`,
  name_desc: sql`${sortName} desc, id`,
};

/**
 * Customers of a market (cp/customers). The `customers` rows change as orders are paid and
 * refunded (customer/hooks.ts, called by the order module); here they are only read.
 */
export class CustomerService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * A shopper's newsletter sign-up: they become (or stay) a customer of the store who agreed to its
   * e-mails. Signing up again changes nothing; a closed or unknown store is not found.
   */
  async signUpForNewsletter(marketId: string, email: string): Promise<void> {
    const result = await this.ctx.db.execute(sql`
      insert into customers (market_id, email, marketing_consent_at)
      select m.id, ${email}, now() from markets m where m.id = ${marketId} and m.closed_at is null
      on conflict (market_id, email) do update
        set marketing_consent_at = coalesce(customers.marketing_consent_at, now()), updated_at = now()
      returning id`);
    if (rowsOf(result).length === 0) throw new AppError('NOT_FOUND');
  }

  async list(marketId: string, input: CustomerListQuery): Promise<Page<CustomerListItem>> {
    const q = customerListQuerySchema.parse({ ...input, marketId });
    const conditions: SQL[] = [sql`market_id = ${marketId}`];
    if (q.search) {
      const hay = folded(sql`concat_ws(' ', first_name, last_name, email, phone)`);
      const digits = phoneDigits(q.search);
      const byText = sql`${hay} like ${folded(sql`${searchPattern(q.search)}::text`)}`;
      conditions.push(
        digits ? sql`(${byText} or regexp_replace(coalesce(phone, ''), '\\D', '', 'g') like ${`%${digits}%`})` : byText,
      );
    }
    if (q.emailConsent) {
      conditions.push(
        q.emailConsent === 'subscribed' ? sql`marketing_consent_at is not null` : sql`marketing_consent_at is null`,
      );
    }
    const where = sql.join(conditions, sql` and `);
    const offset = (q.page - 1) * q.pageSize;
    const [rows, counted] = await Promise.all([
      this.ctx.db.execute(sql`select ${CUSTOMER_COLUMNS}
        from customers where ${where}
        order by ${ORDER_BY[q.sort]}
        limit ${q.pageSize} offset ${offset}`),
      this.ctx.db.execute(sql`select count(*)::int as total from customers where ${where}`),
    ]);
    return {
      items: rowsOf<CustomerRow>(rows).map(toListItem),
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** GET /Customer/{id}: the customer and their placed orders in this market. */
  async details(marketId: string, id: string): Promise<CustomerDetails> {
    const [row] = rowsOf<CustomerRow>(
      await this.ctx.db.execute(sql`select ${CUSTOMER_COLUMNS}
        from customers where id = ${id} and market_id = ${marketId}`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const orderRows = rowsOf<{
      id: string;
      number: number;
      name: string | null;
      placed_at: Date | string;
      paid_at: Date | string | null;
      total: number;
      refunded_amount: number;
      payment_status: CustomerOrder['paymentStatus'];
      fulfillment_status: CustomerOrder['fulfillmentStatus'];
      item_count: number;
      shipping_address: Address | null;
      placed_orders: number;
    }>(
      await this.ctx.db.execute(sql`select o.id, o.number, o.name, o.placed_at, o.paid_at, o.total, o.refunded_amount,
          o.payment_status, o.fulfillment_status, o.shipping_address,
          (select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = o.id) as item_count,
          count(*) over ()::int as placed_orders
        from orders o
        where o.market_id = ${marketId} and o.email = ${row.email} and o.number is not null
        order by o.placed_at desc, o.number desc
        limit ${customerLimits.orders}`),
    );
    const address = orderRows.find((o) => o.shipping_address)?.shipping_address ?? null;
    return {
      ...toListItem(row),
      address,
      placedOrders: Number(orderRows[0]?.placed_orders ?? 0),
      orders: orderRows.map((o) => ({
        id: o.id,
        number: Number(o.number),
        name: o.name ?? `#${o.number}`,
        placedAt: iso(o.placed_at) as string,
        paidAt: iso(o.paid_at),
        total: Number(o.total),
        refundedAmount: Number(o.refunded_amount),
        paymentStatus: o.payment_status,
        fulfillmentStatus: o.fulfillment_status,
        itemCount: Number(o.item_count),
      })),
    };
  }
}
