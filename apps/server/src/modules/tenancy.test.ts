import { randomUUID } from 'node:crypto';
import { canAccess, EMPLOYEE_LEVELS, type EmployeeLevel, type MarketArea, SANDBOX_CARDS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  addToBasket,
  bearer,
  confirmedCheckout,
  createCategory,
  createCollection,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  employee,
  errorOf,
  inDays,
  merchant,
  multipart,
  newIp,
  placeOrder,
  productBody,
  query,
  startPayment,
  submitSandboxPage,
  type TestApp,
  uploadImage,
  visitor,
} from '../testing/app.js';
import { bankDetailsBody } from '../testing/orders.js';
import { recoveryToken } from './abandoned/token.js';

/**
 * Tenancy (DESIGN §4): every market-scoped route answers another merchant with 404, exactly as if
 * the market did not exist, and changes nothing — except the reads shoppers share with the owner,
 * where another merchant is a shopper like any other: they get the public view, nothing more.
 * Each new market-scoped route is one more row.
 */
interface Fixture {
  marketId: string;
  categoryId: string;
  passiveCategoryId: string;
  /** A category nothing uses: the owner's delete may remove it. */
  spareCategoryId: string;
  /** Active, with variants. */
  productId: string;
  variantId: string;
  passiveProductId: string;
  spareProductId: string;
  collectionId: string;
  passiveCollectionId: string;
  spareCollectionId: string;
  tariffId: string;
  passiveTariffId: string;
  spareTariffId: string;
  imageUrl: string;
  csv: Buffer;
  /** A shopper with two lines in the basket: the first to change, the second to remove. */
  uniqueCode: string;
  basketItemId: string;
  spareBasketItemId: string;
  /** The product of the first line. */
  shopperProductId: string;
  /** A paid order of 3 units on one line: fulfil, refund and archive act on it. */
  orderId: string;
  orderItemId: string;
  /** A customer of the market (as paid orders make them). */
  customerId: string;
  /** A checkout left with contact details two hours ago, and its recovery link's token. */
  abandonedCheckoutId: string;
  recoveryToken: string;
  /** A live pop-up, an inactive one, a live bundle (with the passive product in it), a code, and one to delete. */
  popupId: string;
  passivePopupId: string;
  bundleId: string;
  /** A live bundle of the shopper's own product (which no other row changes). */
  shopperBundleId: string;
  codeId: string;
  spareDiscountId: string;
  /** A custom domain of the market, and one the owner's delete may remove. */
  domainId: string;
  spareDomainId: string;
  /** An invitation of the market's (a level to change), and one the owner's delete may withdraw. */
  invitationId: string;
  spareInvitationId: string;
  /** A page of the store's own (cp/content), and one the owner's delete may remove. */
  pageId: string;
  sparePageId: string;
  /** The store's own palettes (issue 16): one to change, one to delete. */
  paletteId: string;
  sparePaletteId: string;
  /** The theme's hero sections: one with two slides (one to change, one to delete), one empty. */
  heroId: string;
  slideId: string;
  spareSlideId: string;
  emptyHeroId: string;
  /** A PNG for the banner upload. */
  banner: Buffer;
}

interface MarketRoute {
  /** The route as /api/docs names it: "METHOD /api/path". */
  route: string;
  request(f: Fixture): InjectOptions;
  /** What the owner gets from the same request: proves the 404 is about ownership, not a typo. */
  ownerStatus: number;
  /**
   * 'owner': only the owner's; anyone else gets 404. 'shared': a read shoppers share, where
   * another merchant gets exactly what an anonymous shopper gets. 'public': a shopper's read
   * that is the same for everyone, the owner included. 'shopper': a basket's route, keyed by
   * the visitor (market + uniqueCode): whoever is signed in changes nothing about it. 'staff':
   * the platform's staff's (their adjustments of any store's money); every merchant, the owner
   * included, gets 403.
   */
  access: 'owner' | 'shared' | 'public' | 'shopper' | 'staff';
  /** For shared reads of one item: the same read of a passive item, a 404 for all but the owner. */
  passive?(f: Fixture): InjectOptions;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });

function codeBody(marketId: string, code: string) {
  return { kind: 'code', marketId, code, valueType: 'percent', percent: 10 };
}

function productUpdate(f: Fixture) {
  return {
    id: f.productId,
    marketId: f.marketId,
    title: 'Tenancy product',
    description: '<p>Renamed by the owner</p>',
    categoryId: f.categoryId,
    images: [f.imageUrl],
    price: 1500,
    options: [{ name: 'Size', values: ['S'] }],
    variants: [{ id: f.variantId, options: ['S'], price: 1500, stock: 4 }],
  };
}

const MARKET_ROUTES: MarketRoute[] = [
  {
    route: 'GET /api/Market/get-store-by-id/{id}',
    request: (f) => get(`/api/Market/get-store-by-id/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Market/update-store',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Market/update-store',
      payload: { id: f.marketId, description: 'taken over' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Analytics pixels
  ...(
    [
      ['add-facebook-id', 'facebookPixelId', '123456789012345'],
      ['add-yandex-metrica-id', 'yandexMetricaId', '12345678'],
      ['add-google-id', 'googleAnalyticsId', 'G-TAKEN0VER1'],
      ['add-clarity-id', 'clarityId', 'takenover1'],
    ] as const
  ).map(
    ([path, field, value]): MarketRoute => ({
      route: `POST /api/Market/${path}`,
      request: (f) => ({
        method: 'POST',
        url: `/api/Market/${path}`,
        payload: { marketId: f.marketId, [field]: value },
      }),
      ownerStatus: 200,
      access: 'owner',
    }),
  ),
  {
    route: 'GET /api/Market/get-analytics-ids/{marketId}',
    request: (f) => get(`/api/Market/get-analytics-ids/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Market/analytics-id/{marketId}/{kind}',
    request: (f) => ({ method: 'DELETE', url: `/api/Market/analytics-id/${f.marketId}/facebook` }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Categories
  {
    route: 'GET /api/Category/all/{marketId}',
    request: (f) => get(`/api/Category/all/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Category/{marketId}/{id}',
    request: (f) => get(`/api/Category/${f.marketId}/${f.categoryId}`),
    passive: (f) => get(`/api/Category/${f.marketId}/${f.passiveCategoryId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'POST /api/Category/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/Category/create',
      payload: { marketId: f.marketId, name: 'Planted' },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Category/update',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Category/update',
      payload: { id: f.categoryId, marketId: f.marketId, name: 'Renamed category' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Category/{marketId}/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Category/${f.marketId}/${f.spareCategoryId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Products
  {
    route: 'GET /api/Products/all/{marketId}',
    request: (f) => get(`/api/Products/all/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Products/{marketId}/{id}',
    request: (f) => get(`/api/Products/${f.marketId}/${f.productId}`),
    passive: (f) => get(`/api/Products/${f.marketId}/${f.passiveProductId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'POST /api/Products/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/Products/create',
      payload: productBody(f.marketId, f.categoryId, f.imageUrl, { title: 'Planted product' }),
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Products/update',
    request: (f) => ({ method: 'PUT', url: '/api/Products/update', payload: productUpdate(f) }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Products/{marketId}/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Products/${f.marketId}/${f.spareProductId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Products/bulk',
    request: (f) => ({
      method: 'POST',
      url: '/api/Products/bulk',
      payload: { marketId: f.marketId, ids: [f.productId, f.passiveProductId], action: 'deactivate' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Products/export/{marketId}',
    request: (f) => get(`/api/Products/export/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Products/import/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Products/import/${f.marketId}?dryRun=false`, payload: f.csv }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Collections
  {
    route: 'GET /api/Collection/get-all-collections/{marketId}',
    request: (f) => get(`/api/Collection/get-all-collections/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Collection/get-collection-by-id/{id}/{marketId}',
    request: (f) => get(`/api/Collection/get-collection-by-id/${f.collectionId}/${f.marketId}`),
    passive: (f) => get(`/api/Collection/get-collection-by-id/${f.passiveCollectionId}/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'POST /api/Collection/create-collection-and-product-collection',
    request: (f) => ({
      method: 'POST',
      url: '/api/Collection/create-collection-and-product-collection',
      payload: { marketId: f.marketId, title: 'Planted collection', coverImageUrl: f.imageUrl, productIds: [] },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Collection/update-collection',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Collection/update-collection',
      payload: {
        id: f.collectionId,
        marketId: f.marketId,
        title: 'Emptied',
        coverImageUrl: f.imageUrl,
        productIds: [],
      },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Collection/delete-collection/{id}/{marketId}',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/Collection/delete-collection/${f.spareCollectionId}/${f.marketId}`,
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Inventory
  {
    route: 'GET /api/Inventory/{marketId}',
    request: (f) => get(`/api/Inventory/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Inventory/adjust',
    request: (f) => ({
      method: 'POST',
      url: '/api/Inventory/adjust',
      payload: { marketId: f.marketId, productId: f.productId, variantId: f.variantId, delta: -4, reason: 'other' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Inventory/release-holds',
    request: (f) => ({
      method: 'POST',
      url: '/api/Inventory/release-holds',
      payload: { marketId: f.marketId, productId: f.productId, variantId: f.variantId },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Dashboard
  {
    route: 'GET /api/Analytics/get-dashboard',
    request: (f) => get(`/api/Analytics/get-dashboard?marketId=${f.marketId}&startDate=2026-01-01&endDate=2026-03-31`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Analytics/todo',
    request: (f) => get(`/api/Analytics/todo?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // The storefront's page-view beacon: the same empty answer for everyone.
    route: 'POST /api/Analytics/page-view',
    request: (f) => ({ method: 'POST', url: '/api/Analytics/page-view', payload: { marketId: f.marketId } }),
    ownerStatus: 204,
    access: 'public',
  },
  {
    // The search box's suggestions (issue 16): active products and categories, alike for everyone.
    route: 'GET /api/Storefront/search-suggestions',
    request: (f) => get(`/api/Storefront/search-suggestions?marketId=${f.marketId}&q=product`),
    ownerStatus: 200,
    access: 'public',
  },
  // ---- Shipping tariffs
  {
    route: 'GET /api/ShippingTariff/get-all/{marketId}',
    request: (f) => get(`/api/ShippingTariff/get-all/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/ShippingTariff/for-checkout/{marketId}',
    request: (f) => get(`/api/ShippingTariff/for-checkout/${f.marketId}?region=baku&subtotal=1000&weightGrams=0`),
    ownerStatus: 200,
    access: 'public',
  },
  {
    route: 'POST /api/ShippingTariff/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/ShippingTariff/create',
      payload: { marketId: f.marketId, name: 'Planted tariff', price: 100 },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/ShippingTariff/update',
    request: (f) => ({
      method: 'PUT',
      url: '/api/ShippingTariff/update',
      payload: { id: f.tariffId, marketId: f.marketId, name: 'Renamed tariff', isFree: true },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/ShippingTariff/delete/{id}/{marketId}',
    request: (f) => ({ method: 'DELETE', url: `/api/ShippingTariff/delete/${f.spareTariffId}/${f.marketId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Discounts: pop-ups, bundles, codes
  ...(['popups', 'bundles'] as const).map(
    (path): MarketRoute => ({
      route: `GET /api/Discount/${path}`,
      request: (f) => get(`/api/Discount/${path}?marketId=${f.marketId}`),
      ownerStatus: 200,
      access: 'shared',
    }),
  ),
  {
    route: 'GET /api/Discount/',
    request: (f) => get(`/api/Discount/?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Discount/{id}',
    request: (f) => get(`/api/Discount/${f.bundleId}`),
    ownerStatus: 200,
    access: 'shared',
    passive: (f) => get(`/api/Discount/${f.passivePopupId}`),
  },
  {
    route: 'POST /api/Discount',
    request: (f) => ({ method: 'POST', url: '/api/Discount', payload: codeBody(f.marketId, 'PLANTED') }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Discount/{id}',
    request: (f) => ({ method: 'PUT', url: `/api/Discount/${f.codeId}`, payload: codeBody(f.marketId, 'RENAMED') }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Discount/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Discount/${f.spareDiscountId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Money (issue 14)
  {
    route: 'GET /api/Balance/{marketId}',
    request: (f) => get(`/api/Balance/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/markets/{marketId}/domains',
    request: (f) => get(`/api/markets/${f.marketId}/domains`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/markets/{marketId}/domains',
    request: (f) => ({
      method: 'POST',
      url: `/api/markets/${f.marketId}/domains`,
      payload: { name: `added-${f.marketId.slice(0, 8)}.example.az` },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/markets/{marketId}/domains/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/markets/${f.marketId}/domains/${f.domainId}`,
      payload: { active: false },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/markets/{marketId}/domains/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/markets/${f.marketId}/domains/${f.spareDomainId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/markets/{marketId}/domains/{id}/check',
    request: (f) => ({ method: 'POST', url: `/api/markets/${f.marketId}/domains/${f.domainId}/check` }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Closing the store (decision 023): the owner's alone; neither request changes anything
  {
    route: 'GET /api/Market/closing-summary/{marketId}',
    request: (f) => get(`/api/Market/closing-summary/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Market/export/{marketId}',
    request: (f) => get(`/api/Market/export/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // A wrong password: the owner is refused at the field, and the store stays open.
    route: 'POST /api/Market/close/{marketId}',
    request: (f) => ({
      method: 'POST',
      url: `/api/Market/close/${f.marketId}`,
      payload: { password: 'Not-The-Password-1!' },
    }),
    ownerStatus: 403,
    access: 'owner',
  },
  {
    // The store is open: nothing to reopen.
    route: 'POST /api/Market/reopen/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Market/reopen/${f.marketId}` }),
    ownerStatus: 409,
    access: 'owner',
  },
  // ---- Employees (decision 022): the owner's alone
  {
    route: 'GET /api/markets/{marketId}/employees',
    request: (f) => get(`/api/markets/${f.marketId}/employees`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/markets/{marketId}/employees',
    request: (f) => ({
      method: 'POST',
      url: `/api/markets/${f.marketId}/employees`,
      payload: { email: 'taken-over@example.az', level: 'full' },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/markets/{marketId}/employees/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/markets/${f.marketId}/employees/${f.invitationId}`,
      payload: { level: 'full' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/markets/{marketId}/employees/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/markets/${f.marketId}/employees/${f.spareInvitationId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Policy/{marketId}',
    request: (f) => get(`/api/Policy/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Policy/{marketId}/{type}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Policy/${f.marketId}/returnAndRefund`,
      payload: { title: 'Returns', content: '<p>Within 14 days.</p>' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- The store's look (cp/customize-store, issue 16): a template first, then the fixture's
  // sections put back, so that the banner items of the rows below are there.
  {
    route: 'GET /api/Market/get-store-with-sections/{marketId}',
    request: (f) => get(`/api/Market/get-store-with-sections/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Section/apply-template/{marketId}',
    request: (f) => ({
      method: 'POST',
      url: `/api/Section/apply-template/${f.marketId}`,
      payload: { template: 'bold' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Section/bulk-update-sections/{marketId}',
    request: (f) => ({
      method: 'POST',
      url: `/api/Section/bulk-update-sections/${f.marketId}`,
      payload: { sections: themeSections(f) },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Section/bannerItem',
    request: (f) => ({ method: 'POST', url: `/api/Section/bannerItem?marketId=${f.marketId}`, payload: f.banner }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'POST /api/Section/banneritem',
    request: (f) => ({
      method: 'POST',
      url: '/api/Section/banneritem',
      payload: { marketId: f.marketId, sectionId: f.emptyHeroId, item: { imageUrl: f.imageUrl, heading: 'Planted' } },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Section/banneritem',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Section/banneritem',
      payload: { marketId: f.marketId, item: { id: f.slideId, imageUrl: f.imageUrl, heading: 'Taken over' } },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Section/banneritem/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Section/banneritem/${f.spareSlideId}?marketId=${f.marketId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Section/publish/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Section/publish/${f.marketId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Section/discard/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Section/discard/${f.marketId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Palet/market/{marketId}',
    request: (f) => get(`/api/Palet/market/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Palet',
    request: (f) => ({
      method: 'POST',
      url: '/api/Palet',
      payload: { marketId: f.marketId, name: 'Planted', colours: READABLE_COLOURS },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    // Names the palette alone: its store's owner (or an employee with the settings) may change it.
    route: 'PUT /api/Palet/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Palet/${f.paletteId}`,
      payload: { name: 'Taken over', colours: READABLE_COLOURS },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Palet/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Palet/${f.sparePaletteId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/MarketSetting/palet',
    request: (f) => ({ method: 'POST', url: `/api/MarketSetting/palet?marketId=${f.marketId}&paletId=${f.paletteId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/MarketSetting/font',
    request: (f) => ({ method: 'POST', url: `/api/MarketSetting/font?marketId=${f.marketId}&fontName=lora` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/MarketSetting/brending',
    request: (f) => ({
      method: 'POST',
      url: '/api/MarketSetting/brending',
      payload: { marketId: f.marketId, description: 'Taken over', logoUrl: null, faviconUrl: null, social: {} },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // A shopper's newsletter sign-up on the store's home: the same answer for everyone.
    route: 'POST /api/Customer/newsletter',
    request: (f) => ({
      method: 'POST',
      url: '/api/Customer/newsletter',
      payload: { marketId: f.marketId, email: 'newsletter@example.az' },
    }),
    ownerStatus: 200,
    access: 'public',
  },
  // ---- The store's pages and menus (cp/content)
  {
    route: 'GET /api/Content/pages/{marketId}',
    request: (f) => get(`/api/Content/pages/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Content/page/{marketId}/{id}',
    request: (f) => get(`/api/Content/page/${f.marketId}/${f.pageId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Content/page',
    request: (f) => ({
      method: 'POST',
      url: '/api/Content/page',
      payload: { marketId: f.marketId, title: `Planted ${randomUUID().slice(0, 8)}`, content: '<p>Planted</p>' },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    // Names the page alone: its store's owner (or an employee with the settings) may change it.
    route: 'PUT /api/Content/page/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Content/page/${f.pageId}`,
      payload: { title: 'About us', slug: 'about-us', content: '<p>Taken over</p>' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Content/page/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Content/page/${f.sparePageId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Content/menus/{marketId}',
    request: (f) => get(`/api/Content/menus/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Content/menu/{marketId}/{location}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Content/menu/${f.marketId}/header`,
      payload: { items: [{ kind: 'page', target: f.pageId, label: 'Taken over' }] },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Staff/markets/{marketId}/adjustments',
    request: (f) => get(`/api/Staff/markets/${f.marketId}/adjustments`),
    ownerStatus: 403,
    access: 'staff',
  },
  {
    route: 'POST /api/Staff/markets/{marketId}/adjustments',
    request: (f) => ({
      method: 'POST',
      url: `/api/Staff/markets/${f.marketId}/adjustments`,
      payload: { amount: 100_00, reason: 'A merchant can not credit themselves', requestId: randomUUID() },
    }),
    ownerStatus: 403,
    access: 'staff',
  },
  {
    route: 'GET /api/BankDetails/{marketId}',
    request: (f) => get(`/api/BankDetails/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/BankDetails/{marketId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/BankDetails/${f.marketId}`,
      payload: bankDetailsBody(),
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/PayoutSettings/{marketId}',
    request: (f) => get(`/api/PayoutSettings/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/PayoutSettings/{marketId}',
    request: (f) => ({ method: 'PUT', url: `/api/PayoutSettings/${f.marketId}`, payload: { period: 'biweekly' } }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Payout/list/{marketId}',
    request: (f) => get(`/api/Payout/list/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/PaymentSettings/{marketId}',
    request: (f) => get(`/api/PaymentSettings/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/PaymentSettings/{marketId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/PaymentSettings/${f.marketId}`,
      payload: { cashOnDelivery: { enabled: true, fee: 200, tariffIds: [f.tariffId] } },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // Another store's payout by id is refused in payouts.test.ts (the fixture has none).
    route: 'GET /api/PaymentReport/{marketId}',
    request: (f) => get(`/api/PaymentReport/${f.marketId}?format=csv`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Subscription/{marketId}',
    request: (f) => get(`/api/Subscription/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/MarketCard/start',
    request: (f) => ({ method: 'POST', url: '/api/MarketCard/start', payload: { marketId: f.marketId } }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // The owner's store is in its free trial: nothing is owed.
    route: 'POST /api/Subscription/pay/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Subscription/pay/${f.marketId}` }),
    ownerStatus: 409,
    access: 'owner',
  },
  // ---- Baskets and checkout: the shopper's, whoever else asks
  {
    route: 'GET /api/Basket/get-or-create/{marketId}/{uniqueCode}',
    request: (f) => get(`/api/Basket/get-or-create/${f.marketId}/${f.uniqueCode}`),
    ownerStatus: 200,
    access: 'shopper',
  },
  {
    route: 'POST /api/Basket/add-product',
    request: (f) => ({
      method: 'POST',
      url: '/api/Basket/add-product',
      payload: { marketId: f.marketId, uniqueCode: f.uniqueCode, productId: f.shopperProductId },
    }),
    ownerStatus: 200,
    access: 'shopper',
  },
  {
    route: 'PUT /api/Basket/update-quantity',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Basket/update-quantity',
      payload: { marketId: f.marketId, uniqueCode: f.uniqueCode, basketItemId: f.basketItemId, quantity: 1 },
    }),
    ownerStatus: 200,
    access: 'shopper',
  },
  {
    route: 'DELETE /api/Basket/{basketItemId}/{marketId}/{uniqueCode}',
    request: (f) => ({ method: 'DELETE', url: `/api/Basket/${f.spareBasketItemId}/${f.marketId}/${f.uniqueCode}` }),
    ownerStatus: 200,
    access: 'shopper',
  },
  {
    route: 'POST /api/Basket/add-bundle',
    request: (f) => ({
      method: 'POST',
      url: '/api/Basket/add-bundle',
      payload: {
        marketId: f.marketId,
        uniqueCode: f.uniqueCode,
        bundleId: f.shopperBundleId,
      },
    }),
    ownerStatus: 200,
    access: 'shopper',
  },
  {
    route: 'POST /api/Basket/accept-popup',
    request: (f) => ({
      method: 'POST',
      url: '/api/Basket/accept-popup',
      payload: { marketId: f.marketId, uniqueCode: f.uniqueCode, popupId: f.popupId },
    }),
    ownerStatus: 200,
    access: 'shopper',
  },
  {
    route: 'POST /api/Basket/checkout/{uniqueCode}/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Basket/checkout/${f.uniqueCode}/${f.marketId}` }),
    ownerStatus: 201,
    access: 'shopper',
  },
  // ---- Customers and abandoned checkouts
  {
    route: 'GET /api/Customer/all',
    request: (f) => get(`/api/Customer/all?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Customer/{id}',
    request: (f) => get(`/api/Customer/${f.customerId}?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/AbandonedCheckout/all',
    request: (f) => get(`/api/AbandonedCheckout/all?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/AbandonedCheckout/{id}',
    request: (f) => get(`/api/AbandonedCheckout/${f.abandonedCheckoutId}?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Market/abandoned-settings',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Market/abandoned-settings',
      payload: { marketId: f.marketId, reminderMinutes: 30 },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Basket/recover',
    request: (f) => ({
      method: 'POST',
      url: '/api/Basket/recover',
      payload: { marketId: f.marketId, token: f.recoveryToken, uniqueCode: visitor() },
    }),
    ownerStatus: 200,
    access: 'shopper',
  },
  // ---- Orders (issue 5)
  {
    route: 'GET /api/Order/market',
    request: (f) => get(`/api/Order/market?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Order/export',
    request: (f) => get(`/api/Order/export?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Order/{orderId}',
    request: (f) => get(`/api/Order/${f.orderId}?marketId=${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Order/fulfill/{orderId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Order/fulfill/${f.orderId}?marketId=${f.marketId}`,
      payload: { items: [{ orderItemId: f.orderItemId, quantity: 1 }] },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // The fixture's order is paid by card: the owner is told so, and nothing changes.
    route: 'POST /api/Order/mark-paid/{orderId}',
    request: (f) => ({ method: 'POST', url: `/api/Order/mark-paid/${f.orderId}?marketId=${f.marketId}` }),
    ownerStatus: 409,
    access: 'owner',
  },
  {
    route: 'PUT /api/Order/cancel/{orderId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Order/cancel/${f.orderId}?marketId=${f.marketId}`,
      payload: { amount: 100, restock: [{ orderItemId: f.orderItemId, quantity: 1 }] },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    // Names the order alone; its market's owner is the only one who may refund it.
    route: 'POST /api/Payment/reverse/{id}',
    request: (f) => ({ method: 'POST', url: `/api/Payment/reverse/${f.orderId}`, payload: { amount: 100 } }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Order/archive/{orderId}',
    request: (f) => ({
      method: 'PUT',
      url: `/api/Order/archive/${f.orderId}?marketId=${f.marketId}`,
      payload: { archived: true },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Market/order-settings',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Market/order-settings',
      payload: { marketId: f.marketId, orderPrefix: 'T-', orderSuffix: '', autoFulfill: true },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
];

/**
 * The part of the store each owner-only and shared route belongs to (decision 022), written here
 * apart from the server's guards: the levels' tests below hold the server to it.
 */
const AREAS: [RegExp, MarketArea][] = [
  [/^GET \/api\/Market\/get-store-by-id\//, 'store'],
  // Closing, reopening and exporting the store.
  [/ \/api\/Market\/(closing-summary|export|close|reopen)\//, 'owner'],
  // The store's details, pixels, order and reminder settings.
  [/ \/api\/Market\//, 'settings'],
  [/ \/api\/(Category|Products|Collection|Inventory|Discount)\b/, 'catalog'],
  [/^GET \/api\/Analytics\/get-dashboard$/, 'analytics'],
  [/ \/api\/(Order|Payment\/reverse|Customer|AbandonedCheckout|Analytics\/todo)\b/, 'orders'],
  [/ \/api\/(ShippingTariff|Policy)\b/, 'settings'],
  // The store's pages and menus (cp/content).
  [/ \/api\/Content\//, 'settings'],
  // The store's look (cp/customize-store).
  [/ \/api\/(Section|Palet|MarketSetting)\b/, 'settings'],
  [
    / \/api\/(Balance|BankDetails|PayoutSettings|Payout|PaymentSettings|PaymentReport|Subscription|MarketCard|markets)\b/,
    'owner',
  ],
];

function areaOf(route: string): MarketArea {
  const found = AREAS.find(([pattern]) => pattern.test(route));
  if (!found) throw new Error(`${route} belongs to no part of the store: add it to AREAS`);
  return found[1];
}

/** The narrowest level that opens `area` (none: the owner's alone). */
function narrowestLevel(area: MarketArea): EmployeeLevel | null {
  return (['analytics', 'catalog', 'orders', 'full'] as const).find((level) => canAccess(level, area)) ?? null;
}

/** An answer's JSON without who the caller is to the store (the store's own view says so). */
function withoutAccess(body: string) {
  const parsed = JSON.parse(body) as { data?: { access?: unknown } };
  if (parsed.data && typeof parsed.data === 'object') delete parsed.data.access;
  return parsed;
}

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof merchant>>;
let stranger: Awaited<ReturnType<typeof merchant>>;
let strangerMarketId: string;
let f: Fixture;
/** A session of an employee of each level in the owner's market. */
const employees = {} as Record<EmployeeLevel, string>;

/** A request as `token` (or anonymous with null), in English, from an address of its own. */
function send(request: InjectOptions, token: string | null) {
  return app.inject({
    ...request,
    headers: {
      ...(request.headers as Record<string, string>),
      ...(token ? bearer(token) : {}),
      'accept-language': 'en',
    },
    remoteAddress: newIp(),
  });
}

/** Everything the owner can read of the market: what no stranger's request may change. */
async function ownerState() {
  const reads = [
    `/api/Market/get-store-by-id/${f.marketId}`,
    `/api/Market/get-analytics-ids/${f.marketId}`,
    `/api/Category/all/${f.marketId}`,
    `/api/Products/all/${f.marketId}`,
    `/api/Products/${f.marketId}/${f.productId}`,
    `/api/Products/${f.marketId}/${f.passiveProductId}`,
    `/api/Products/${f.marketId}/${f.spareProductId}`,
    `/api/Collection/get-all-collections/${f.marketId}`,
    `/api/Inventory/${f.marketId}`,
    `/api/Products/export/${f.marketId}`,
    `/api/ShippingTariff/get-all/${f.marketId}`,
    `/api/Order/${f.orderId}?marketId=${f.marketId}`,
    `/api/Order/market?marketId=${f.marketId}`,
    `/api/Discount/?marketId=${f.marketId}`,
    `/api/Policy/${f.marketId}`,
    `/api/Content/pages/${f.marketId}`,
    `/api/Content/page/${f.marketId}/${f.pageId}`,
    `/api/Content/menus/${f.marketId}`,
    `/api/Market/get-store-with-sections/${f.marketId}`,
    `/api/Palet/market/${f.marketId}`,
    `/api/markets/${f.marketId}/domains`,
    `/api/markets/${f.marketId}/employees`,
  ];
  const state: Record<string, string> = {};
  for (const url of reads) {
    const response = await send(get(url), owner.token);
    expect(response.statusCode, url).toBe(200);
    state[url] = response.body;
  }
  return state;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await merchant(app);
  stranger = await merchant(app);
  // The stranger has a market of their own: being a merchant grants nothing over others' markets.
  strangerMarketId = (await createMarket(app, stranger.token)).id;
  const market = await createMarket(app, owner.token);
  const imageUrl = await uploadImage(app, owner.token);
  const category = await createCategory(app, owner.token, market.id, { name: 'Visible' });
  const passiveCategory = await createCategory(app, owner.token, market.id, { name: 'Hidden', status: 'passive' });
  const spareCategory = await createCategory(app, owner.token, market.id, { name: 'Spare' });
  const product = await createProduct(
    app,
    owner.token,
    productBody(market.id, category.id, imageUrl, {
      title: 'Tenancy product',
      options: [{ name: 'Size', values: ['S'] }],
      variants: [{ options: ['S'], price: 1000, stock: 8, sku: 'TEN-S', barcode: 'SECRET-BARCODE' }],
    }),
  );
  const passiveProduct = await createProduct(
    app,
    owner.token,
    // In the visible category: the owner counts it there, a shopper does not.
    productBody(market.id, category.id, imageUrl, { title: 'Passive product', status: 'passive' }),
  );
  const spareProduct = await createProduct(
    app,
    owner.token,
    productBody(market.id, category.id, imageUrl, { title: 'Spare product' }),
  );
  const collection = await createCollection(app, owner.token, {
    marketId: market.id,
    title: 'Visible collection',
    coverImageUrl: imageUrl,
    productIds: [product.id, passiveProduct.id],
  });
  const passiveCollection = await createCollection(app, owner.token, {
    marketId: market.id,
    title: 'Hidden collection',
    coverImageUrl: imageUrl,
    status: 'passive',
  });
  const spareCollection = await createCollection(app, owner.token, {
    marketId: market.id,
    title: 'Spare collection',
    coverImageUrl: imageUrl,
  });
  const tariff = async (payload: Record<string, unknown>) => {
    const response = await send(
      { method: 'POST', url: '/api/ShippingTariff/create', payload: { marketId: market.id, price: 500, ...payload } },
      owner.token,
    );
    return dataOf<{ id: string }>(response, 201).id;
  };
  const tariffId = await tariff({ name: 'Visible tariff' });
  const passiveTariffId = await tariff({ name: 'Hidden tariff', active: false });
  const spareTariffId = await tariff({ name: 'Spare tariff' });
  const exported = await send(get(`/api/Products/export/${market.id}`), owner.token);
  expect(exported.statusCode).toBe(200);
  // The export with every price changed: applied, it would change every product.
  const csv = exported.body.replace(/,(\d+)\.00,/g, ',1.00,');
  expect(csv).not.toBe(exported.body);
  const shopper = await shopperFixture(market.id, category.id, imageUrl);
  f = {
    marketId: market.id,
    categoryId: category.id,
    passiveCategoryId: passiveCategory.id,
    spareCategoryId: spareCategory.id,
    productId: product.id,
    variantId: product.variants[0]!.id,
    passiveProductId: passiveProduct.id,
    spareProductId: spareProduct.id,
    collectionId: collection.id,
    passiveCollectionId: passiveCollection.id,
    spareCollectionId: spareCollection.id,
    tariffId,
    passiveTariffId,
    spareTariffId,
    imageUrl,
    csv: Buffer.from(csv),
    ...shopper,
    ...(await orderFixture(market.id, category.id, imageUrl, tariffId)),
    ...(await customerFixture(market.id, category.id, imageUrl, tariffId)),
    ...(await discountFixture(market.id, [product.id, passiveProduct.id], shopper.shopperProductId)),
    ...(await domainFixture(market.id)),
    ...(await invitationFixture(market.id)),
    ...(await contentFixture(market.id)),
    ...(await themeFixture(market.id, imageUrl)),
  };
  // One employee of each level, invited and accepted as people do.
  for (const level of EMPLOYEE_LEVELS) employees[level] = (await employee(app, owner.token, market.id, level)).token;
});

const READABLE_COLOURS = {
  background: '#ffffff',
  surface: '#f4f4f5',
  text: '#18181b',
  muted: '#52525b',
  accent: '#7c3aed',
  accentText: '#ffffff',
  border: '#e4e4e7',
  sale: '#b91c1c',
};

/** The fixture's home: a hero with two slides and an empty one. */
function themeSections(f: Pick<Fixture, 'heroId' | 'slideId' | 'spareSlideId' | 'emptyHeroId' | 'imageUrl'>) {
  return [
    {
      id: f.heroId,
      type: 'hero',
      slides: [
        { id: f.slideId, imageUrl: f.imageUrl, heading: 'First' },
        { id: f.spareSlideId, imageUrl: f.imageUrl, heading: 'Spare' },
      ],
    },
    { id: f.emptyHeroId, type: 'hero', slides: [] },
  ];
}

/** Two palettes of the store's own and a home of two heroes, in the draft. */
async function themeFixture(marketId: string, imageUrl: string) {
  const palette = async (name: string) =>
    dataOf<{ id: string }>(
      await send(
        { method: 'POST', url: '/api/Palet', payload: { marketId, name, colours: READABLE_COLOURS } },
        owner.token,
      ),
      201,
    ).id;
  const ids = { heroId: randomUUID(), slideId: randomUUID(), spareSlideId: randomUUID(), emptyHeroId: randomUUID() };
  const saved = await send(
    {
      method: 'POST',
      url: `/api/Section/bulk-update-sections/${marketId}`,
      payload: { sections: themeSections({ ...ids, imageUrl }) },
    },
    owner.token,
  );
  expect(saved.statusCode).toBe(200);
  const banner = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  return { paletteId: await palette('Ours'), sparePaletteId: await palette('Spare'), ...ids, banner };
}

/** Two pages of the store's own: the first in its header menu. */
async function contentFixture(marketId: string) {
  const page = async (title: string) =>
    dataOf<{ id: string }>(
      await send(
        { method: 'POST', url: '/api/Content/page', payload: { marketId, title, content: `<p>${title}</p>` } },
        owner.token,
      ),
      201,
    ).id;
  const pageId = await page('About us');
  const sparePageId = await page('Spare page');
  const menu = await send(
    {
      method: 'PUT',
      url: `/api/Content/menu/${marketId}/header`,
      payload: { items: [{ kind: 'page', target: pageId }] },
    },
    owner.token,
  );
  expect(menu.statusCode).toBe(200);
  return { pageId, sparePageId };
}

async function domainFixture(marketId: string) {
  const add = async (name: string) =>
    dataOf<{ id: string }>(
      await send({ method: 'POST', url: `/api/markets/${marketId}/domains`, payload: { name } }, owner.token),
      201,
    ).id;
  return {
    domainId: await add(`tenancy-${marketId.slice(0, 8)}.example.az`),
    spareDomainId: await add(`spare-${marketId.slice(0, 8)}.example.az`),
  };
}
async function invitationFixture(marketId: string) {
  const invite = async (email: string) =>
    dataOf<{ id: string }>(
      await send(
        { method: 'POST', url: `/api/markets/${marketId}/employees`, payload: { email, level: 'orders' } },
        owner.token,
      ),
      201,
    ).id;
  return { invitationId: await invite('invited@example.az'), spareInvitationId: await invite('spare@example.az') };
}

afterAll(async () => {
  await t?.close();
});

/** The market's discounts: what shoppers see of them (live offers) and what only the owner does. */
async function discountFixture(marketId: string, bundleProductIds: string[], shopperProductId: string) {
  const create = async (payload: Record<string, unknown>) =>
    dataOf<{ id: string }>(
      await send({ method: 'POST', url: '/api/Discount', payload: { marketId, ...payload } }, owner.token),
      201,
    ).id;
  const popup = { kind: 'popup', title: 'Welcome', percent: 10, startsAt: inDays(-1), endsAt: inDays(7) };
  const bundle = {
    kind: 'bundle',
    name: 'Tenancy bundle',
    title: 'Better together',
    headerTitle: 'Bundle',
    footerText: 'While it lasts',
    buttonText: 'Add bundle',
    percent: 15,
    template: 'classic',
    colour: '#0a7d5a',
    timer: { days: 1, hours: 0, minutes: 0, seconds: 0 },
    endsAt: inDays(7),
  };
  return {
    popupId: await create(popup),
    passivePopupId: await create({ ...popup, title: 'Hidden welcome', active: false }),
    bundleId: await create({ ...bundle, productIds: bundleProductIds }),
    shopperBundleId: await create({ ...bundle, name: 'Shopper bundle', productIds: [shopperProductId] }),
    codeId: await create(codeBody(marketId, 'SECRET-CODE')),
    spareDiscountId: await create(codeBody(marketId, 'SPARE-CODE')),
  };
}

/** A visitor with two lines, on products of their own that no other row changes. */
async function shopperFixture(marketId: string, categoryId: string, imageUrl: string) {
  const uniqueCode = visitor();
  const add = async (productId: string) =>
    dataOf<{ items: { id: string; productId: string }[] }>(
      await send(
        { method: 'POST', url: '/api/Basket/add-product', payload: { marketId, uniqueCode, productId } },
        null,
      ),
    );
  const kept = await createProduct(app, owner.token, productBody(marketId, categoryId, imageUrl, { stock: 5 }));
  const spare = await createProduct(app, owner.token, productBody(marketId, categoryId, imageUrl, { stock: 5 }));
  await add(kept.id);
  const basket = await add(spare.id);
  const line = (id: string) => basket.items.find((i) => i.productId === id)?.id as string;
  return { uniqueCode, basketItemId: line(kept.id), spareBasketItemId: line(spare.id), shopperProductId: kept.id };
}

/** A customer row (the orders module writes them as orders are paid) and an abandoned checkout. */
async function customerFixture(marketId: string, categoryId: string, imageUrl: string, tariffId: string) {
  const [customer] = await query<{ id: string }>(
    t.ctx,
    sql`insert into customers (market_id, email, first_name, orders_count, total_spent)
      values (${marketId}, 'regular@example.az', 'Regular', 2, 5000) returning id`,
  );
  const uniqueCode = visitor();
  const product = await createProduct(app, owner.token, productBody(marketId, categoryId, imageUrl, { stock: 5 }));
  await send(
    { method: 'POST', url: '/api/Basket/add-product', payload: { marketId, uniqueCode, productId: product.id } },
    null,
  );
  const checkout = dataOf<{ id: string }>(
    await send({ method: 'POST', url: `/api/Basket/checkout/${uniqueCode}/${marketId}` }, null),
    201,
  );
  dataOf(
    await send(
      {
        method: 'POST',
        url: '/api/Basket/confirm',
        payload: {
          checkoutId: checkout.id,
          uniqueCode,
          email: 'left@example.az',
          phone: '+994 10 234 56 78',
          shippingAddress: ADDRESS,
          shippingTariffId: tariffId,
        },
      },
      null,
    ),
  );
  await t.ctx.db.execute(sql`update orders set updated_at = now() - interval '2 hours' where id = ${checkout.id}`);
  return {
    customerId: customer?.id as string,
    abandonedCheckoutId: checkout.id,
    recoveryToken: recoveryToken(checkout.id, uniqueCode),
  };
}

/** A shopper's paid order (sandbox card) of 3 units of a product of its own. */
async function orderFixture(marketId: string, categoryId: string, imageUrl: string, tariffId: string) {
  const uniqueCode = visitor();
  const product = await createProduct(app, owner.token, productBody(marketId, categoryId, imageUrl, { stock: 5 }));
  dataOf(await addToBasket(app, marketId, uniqueCode, product.id, { quantity: 3 }));
  const order = await placeOrder(app, await confirmedCheckout(app, marketId, uniqueCode, tariffId), uniqueCode);
  const { redirectUrl } = await startPayment(app, order.id, uniqueCode);
  expect((await submitSandboxPage(app, redirectUrl, SANDBOX_CARDS.approve)).statusCode).toBe(303);
  return { orderId: order.id, orderItemId: order.items[0]!.id };
}

/** The request with a multipart body built when it carries a file (the CSV import, a banner picture). */
async function prepared(request: InjectOptions): Promise<InjectOptions> {
  if (!Buffer.isBuffer(request.payload)) return request;
  const png = request.payload.subarray(1, 4).toString() === 'PNG';
  const { payload, headers } = await multipart(
    request.payload,
    png ? 'banner.png' : 'products.csv',
    png ? 'image/png' : 'text/csv',
  );
  return { ...request, payload, headers: { ...(request.headers as Record<string, string>), ...headers } };
}

describe('tenancy', () => {
  it('every owner-only route answers another merchant with 404 and changes nothing', async () => {
    const before = await ownerState();
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'owner')) {
      const response = await send(await prepared(route.request(f)), stranger.token);
      expect(response.statusCode, `${route.route}: ${response.body}`).toBe(404);
      expect(errorOf(response), route.route).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(await ownerState()).toEqual(before);
    // Nothing was planted in the stranger's own market either.
    const theirs = await send(get(`/api/Products/all/${strangerMarketId}`), stranger.token);
    expect(dataOf<{ total: number }>(theirs).total).toBe(0);
  });

  it('a staff route answers every merchant, the store’s owner included, with 403 and changes nothing', async () => {
    const before = await ownerState();
    const balance = () => send(get(`/api/Balance/${f.marketId}`), owner.token).then((r) => r.body);
    const available = await balance();
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'staff')) {
      for (const token of [stranger.token, owner.token, employees.full]) {
        const response = await send(await prepared(route.request(f)), token);
        expect(response.statusCode, `${route.route}: ${response.body}`).toBe(403);
        expect(errorOf(response).code, route.route).toBe('FORBIDDEN');
      }
    }
    expect(await ownerState()).toEqual(before);
    expect(await balance()).toEqual(available);
  });

  it('a shared read gives another merchant exactly the public view: no passive items, no owner fields', async () => {
    const passiveIds = [
      f.passiveCategoryId,
      f.passiveProductId,
      f.passiveCollectionId,
      f.passiveTariffId,
      f.passivePopupId,
      f.codeId,
    ];
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'shared')) {
      const request = route.request(f);
      const anonymous = await send(request, null);
      const other = await send(request, stranger.token);
      const asOwner = await send(request, owner.token);
      expect(anonymous.statusCode, route.route).toBe(200);
      expect(other.statusCode, route.route).toBe(200);
      expect(other.json(), route.route).toEqual(anonymous.json());
      for (const id of passiveIds) expect(other.body, `${route.route} shows ${id}`).not.toContain(id);
      expect(other.body, route.route).not.toContain('SECRET-BARCODE');
      expect(other.body, route.route).not.toContain('SECRET-CODE');
      // The owner's answer differs: the same path serves the owner's fuller view.
      expect(asOwner.statusCode, route.route).toBe(200);
      expect(asOwner.body, route.route).not.toEqual(other.body);
      if (route.passive) {
        const hidden = route.passive(f);
        for (const token of [null, stranger.token]) {
          const response = await send(hidden, token);
          expect(response.statusCode, `${route.route} (passive)`).toBe(404);
          expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
        }
        expect((await send(hidden, owner.token)).statusCode, `${route.route} (passive, owner)`).toBe(200);
      }
    }
  });

  it('a public read is the same for everyone, the owner included, and shows nothing passive', async () => {
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'public')) {
      const request = route.request(f);
      const anonymous = await send(request, null);
      expect(anonymous.statusCode, route.route).toBe(route.ownerStatus);
      for (const token of [stranger.token, owner.token]) {
        const response = await send(request, token);
        expect(response.statusCode, route.route).toBe(route.ownerStatus);
        expect(response.body, route.route).toEqual(anonymous.body);
      }
      expect(anonymous.body, route.route).not.toContain(f.passiveTariffId);
    }
  });

  it('a basket is the visitor’s: another visitor’s code reaches none of its lines, signed in or not', async () => {
    const other = visitor();
    for (const token of [null, stranger.token, owner.token]) {
      const change = await send(
        {
          method: 'PUT',
          url: '/api/Basket/update-quantity',
          payload: { marketId: f.marketId, uniqueCode: other, basketItemId: f.basketItemId, quantity: 3 },
        },
        token,
      );
      expect(change.statusCode).toBe(404);
      const remove = await send(
        { method: 'DELETE', url: `/api/Basket/${f.basketItemId}/${f.marketId}/${other}` },
        token,
      );
      expect(remove.statusCode).toBe(404);
    }
    const basket = dataOf<{ items: { id: string; quantity: number }[] }>(
      await send(get(`/api/Basket/get-or-create/${f.marketId}/${f.uniqueCode}`), null),
    );
    expect(basket.items.find((i) => i.id === f.basketItemId)?.quantity).toBe(1);
  });

  it('item ids of another market name nothing in one’s own market', async () => {
    const before = await ownerState();
    const mixed: InjectOptions[] = [
      get(`/api/Products/${strangerMarketId}/${f.productId}`),
      get(`/api/Category/${strangerMarketId}/${f.categoryId}`),
      get(`/api/Collection/get-collection-by-id/${f.collectionId}/${strangerMarketId}`),
      get(`/api/Content/page/${strangerMarketId}/${f.pageId}`),
      get(`/api/Order/${f.orderId}?marketId=${strangerMarketId}`),
      { method: 'PUT', url: `/api/Order/fulfill/${f.orderId}?marketId=${strangerMarketId}`, payload: {} },
      { method: 'PUT', url: `/api/Order/cancel/${f.orderId}?marketId=${strangerMarketId}`, payload: {} },
      { method: 'POST', url: `/api/Order/mark-paid/${f.orderId}?marketId=${strangerMarketId}` },
      {
        method: 'PUT',
        url: `/api/Order/archive/${f.orderId}?marketId=${strangerMarketId}`,
        payload: { archived: true },
      },
      { method: 'DELETE', url: `/api/Products/${strangerMarketId}/${f.spareProductId}` },
      { method: 'DELETE', url: `/api/Category/${strangerMarketId}/${f.spareCategoryId}` },
      { method: 'DELETE', url: `/api/Collection/delete-collection/${f.spareCollectionId}/${strangerMarketId}` },
      { method: 'DELETE', url: `/api/ShippingTariff/delete/${f.spareTariffId}/${strangerMarketId}` },
      {
        method: 'PUT',
        url: '/api/ShippingTariff/update',
        payload: { id: f.tariffId, marketId: strangerMarketId, name: 'Mine now' },
      },
      { method: 'PUT', url: '/api/Products/update', payload: { ...productUpdate(f), marketId: strangerMarketId } },
      { method: 'PUT', url: `/api/Discount/${f.codeId}`, payload: codeBody(strangerMarketId, 'MINE-NOW') },
      {
        method: 'PUT',
        url: '/api/Category/update',
        payload: { id: f.categoryId, marketId: strangerMarketId, name: 'Mine now' },
      },
      {
        method: 'PUT',
        url: '/api/Collection/update-collection',
        payload: { id: f.collectionId, marketId: strangerMarketId, title: 'Mine now', coverImageUrl: f.imageUrl },
      },
      {
        method: 'POST',
        url: '/api/Inventory/adjust',
        payload: {
          marketId: strangerMarketId,
          productId: f.productId,
          variantId: f.variantId,
          delta: -1,
          reason: 'other',
        },
      },
      {
        method: 'POST',
        url: '/api/Inventory/release-holds',
        payload: { marketId: strangerMarketId, productId: f.productId, variantId: f.variantId },
      },
    ];
    for (const request of mixed) {
      const response = await send(request, stranger.token);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const bulk = await send(
      {
        method: 'POST',
        url: '/api/Products/bulk',
        payload: { marketId: strangerMarketId, ids: [f.productId, f.spareProductId], action: 'deactivate' },
      },
      stranger.token,
    );
    expect(dataOf(bulk)).toEqual({ changed: 0 });
    expect(await ownerState()).toEqual(before);
  });

  it('an employee asking for what their level does not open gets 403 and changes nothing', async () => {
    const before = await ownerState();
    for (const level of EMPLOYEE_LEVELS) {
      const closed = MARKET_ROUTES.filter((r) => r.access === 'owner' && !canAccess(level, areaOf(r.route)));
      for (const route of closed) {
        const response = await send(await prepared(route.request(f)), employees[level]);
        expect(response.statusCode, `${level}: ${route.route}: ${response.body}`).toBe(403);
        expect(errorOf(response).code, `${level}: ${route.route}`).toBe('ACCESS_DENIED');
      }
    }
    expect(await ownerState()).toEqual(before);
  });

  it('a shared read gives an employee the store’s view where their level opens it, the public one elsewhere', async () => {
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'shared')) {
      const request = route.request(f);
      const anonymous = (await send(request, null)).body;
      const asOwner = (await send(request, owner.token)).body;
      for (const level of EMPLOYEE_LEVELS) {
        const response = await send(request, employees[level]);
        expect(response.statusCode, `${level}: ${route.route}`).toBe(200);
        const expected = canAccess(level, areaOf(route.route)) ? asOwner : anonymous;
        expect(response.body, `${level}: ${route.route}`).toEqual(expected);
      }
    }
  });

  it('an employee reads what their level opens as the owner does', async () => {
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'owner' && r.request(f).method === 'GET')) {
      const asOwner = await send(route.request(f), owner.token);
      for (const level of EMPLOYEE_LEVELS.filter((l) => canAccess(l, areaOf(route.route)))) {
        const response = await send(route.request(f), employees[level]);
        expect(response.statusCode, `${level}: ${route.route}`).toBe(asOwner.statusCode);
        const json = response.headers['content-type']?.toString().includes('json');
        if (json) expect(withoutAccess(response.body), `${level}: ${route.route}`).toEqual(withoutAccess(asOwner.body));
        else expect(response.body, `${level}: ${route.route}`).toEqual(asOwner.body);
      }
    }
  });

  it('each route works for the narrowest access that opens it (the 404s and 403s above are about access)', async () => {
    for (const route of MARKET_ROUTES) {
      const scoped = route.access === 'owner' || route.access === 'shared';
      const level = scoped ? narrowestLevel(areaOf(route.route)) : null;
      const response = await send(await prepared(route.request(f)), level ? employees[level] : owner.token);
      expect(response.statusCode, `${route.route} as ${level ?? 'the owner'}: ${response.body}`).toBe(
        route.ownerStatus,
      );
    }
  });

  it('the table lists every documented route that names a market', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
    };
    const scoped: string[] = [];
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const names = (operation.parameters ?? []).map((p) => p.name);
        const body = JSON.stringify(operation.requestBody ?? {});
        if (names.includes('marketId') || body.includes('"marketId"')) scoped.push(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(scoped.length).toBeGreaterThanOrEqual(20);
    const listed = MARKET_ROUTES.map((r) => r.route);
    for (const route of scoped) expect(listed, `${route} is market-scoped: add it to MARKET_ROUTES`).toContain(route);
    // The rows themselves name real routes, each once.
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of listed) {
      const [method, url] = route.split(' ') as [string, string];
      expect(doc.paths[url]?.[method.toLowerCase()], route).toBeDefined();
    }
  });
});
