import {
  bankDetailsSchema,
  PAYOUT_EXPORT_COLUMNS,
  PAYOUT_LINE_EXPORT_COLUMNS,
  type PayoutLine,
  type PayoutListItem,
  paymentReportQuerySchema,
  payoutListPageSchema,
  payoutListQuerySchema,
  payoutReportSchema,
  payoutSettingsSchema,
  saveBankDetailsSchema,
  savePayoutSettingsSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/responses.js';
import { type SheetCell, sheetFile } from '../../platform/spreadsheet.js';
import { offsetHours } from '../order/list.js';
import { PayoutService } from './service.js';

/** Where and how often the store's payouts go: its bank details and payout period, the owner's alone. */
export function payoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new PayoutService(ctx);
  const params = z.object({ marketId: z.string().max(64) });
  return async (app) => {
    app.get(
      '/BankDetails/:marketId',
      { schema: { tags: ['Payments'], params, response: ok(bankDetailsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.bankDetails(market.id) };
      },
    );
    app.put(
      '/BankDetails/:marketId',
      { schema: { tags: ['Payments'], params, body: saveBankDetailsSchema, response: ok(bankDetailsSchema) } },
      async (request) => {
        const { user, market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.saveBankDetails(user, market, request.body) };
      },
    );
    app.get(
      '/PayoutSettings/:marketId',
      { schema: { tags: ['Payments'], params, response: ok(payoutSettingsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.settings(market.id) };
      },
    );
    app.put(
      '/PayoutSettings/:marketId',
      { schema: { tags: ['Payments'], params, body: savePayoutSettingsSchema, response: ok(payoutSettingsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.saveSettings(market.id, request.body.period) };
      },
    );
    app.get(
      '/Payout/list/:marketId',
      {
        schema: { tags: ['Payments'], params, querystring: payoutListQuerySchema, response: ok(payoutListPageSchema) },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.list(market.id, request.query) };
      },
    );
    // With payoutId: that payout's reconciliation report, a page of its lines as JSON or all of
    // them as a file (format); without: the payouts the list's filters match, as a file.
    app.get(
      '/PaymentReport/:marketId',
      {
        schema: { tags: ['Payments'], params, querystring: paymentReportQuerySchema, response: ok(payoutReportSchema) },
      },
      async (request, reply) => {
        const { user, market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        const { payoutId, format, page, pageSize } = request.query;
        const offset = offsetHours(user.timeZone);
        if (payoutId && !format) {
          return { data: await service.report(market.id, payoutId, Number(page), Number(pageSize)) };
        }
        const file = payoutId
          ? await sheetFile(
              format!,
              PAYOUT_LINE_EXPORT_COLUMNS,
              (await service.report(market.id, payoutId, 1)).lines.items.map(lineCells),
              offset,
            )
          : await sheetFile(
              format!,
              PAYOUT_EXPORT_COLUMNS,
              (await service.exportList(market.id, request.query)).map(payoutCells),
              offset,
            );
        const name = payoutId ? `${market.name}-payout-${payoutId.slice(0, 8)}` : `${market.name}-payouts`;
        return (
          reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${name}.${file.extension}"`)
            // A file, not the envelope the 200 schema describes: Fastify sends bytes and text as they are.
            .send(file.body as never)
        );
      },
    );
  };
}

function payoutCells(p: PayoutListItem): Record<(typeof PAYOUT_EXPORT_COLUMNS)[number], SheetCell> {
  return {
    id: p.id,
    created_at: { time: p.createdAt },
    period_from: { time: p.periodFrom },
    period_to: { time: p.periodTo },
    gross_sales: { money: p.gross },
    refunds: { money: p.refunds },
    fees: { money: p.fees },
    adjustments: { money: p.adjustments },
    net_amount: { money: p.amount },
    status: p.status,
    arrival_date: { time: p.arrivesAt },
    paid_at: { time: p.paidAt },
    account: p.account,
  };
}

function lineCells(l: PayoutLine): Record<(typeof PAYOUT_LINE_EXPORT_COLUMNS)[number], SheetCell> {
  return {
    line: l.kind,
    date: { time: l.at },
    order: l.orderName ?? '',
    paid_at: { time: l.paidAt },
    gross_sales: { money: l.gross },
    refunds: { money: l.refunds },
    fees: { money: l.fees },
    net_amount: { money: l.amount },
    note: l.note ?? '',
  };
}
