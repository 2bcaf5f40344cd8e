import type { CategoryView, CustomerListItem, InventoryRow, Page, ProductListItem } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createCategory,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  paidOrder,
  productBody,
  type TestApp,
  uniqueEmail,
} from '../testing/app.js';
import { StorefrontService } from './storefront/service.js';

/**
 * Names in the order an Azerbaijani reader expects (A B C Ç D E Ə F G Ğ H X I İ J K Q L M N O Ö
 * P R S Ş T U Ü V Y Z) in every name-sorted list — products, the storefront's, categories,
 * inventory, customers — on PGlite and PostgreSQL alike; and searches blind to the dot of i.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;

/**
 * The alphabet's tricky letters, as an Azerbaijani dictionary orders them. (Işıq before İp: I is
 * the letter before İ; lowercased, both were an i and İp came first.)
 */
const AZ_ORDER = [
  'Ceviz',
  'Çay',
  'Ev',
  'Əl',
  'Gül',
  'Ğəzəl',
  'Hədiyyə',
  'Xalça',
  'Işıq',
  'İp',
  'Kasa',
  'Qab',
  'Otaq',
  'Ördək',
  'Saat',
  'Şal',
  'Uşaq',
  'Üzük',
  'Zəng',
];
/** The same names created in a scrambled order (every 7th of 19, round and round). */
const SCRAMBLED = AZ_ORDER.map((_, i) => AZ_ORDER[(i * 7) % AZ_ORDER.length] as string);
const ours = (names: string[]) => names.filter((name) => AZ_ORDER.includes(name));

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  for (const title of SCRAMBLED) {
    await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { title, stock: 5 }),
    );
    await createCategory(t.app, owner.token, owner.market.id, { name: title });
  }
});
afterAll(() => t?.close());

async function productTitles(sort: 'name_asc' | 'name_desc', token: string | null = owner.token) {
  const page = dataOf<Page<ProductListItem>>(
    await call(t.app, token, 'GET', `/api/Products/all/${owner.market.id}?sort=${sort}&pageSize=100`),
  );
  return ours(page.items.map((p) => p.title));
}

describe('Azerbaijani alphabetical order', () => {
  it('the product list, A–Z and Z–A, for the owner and for shoppers', async () => {
    expect(await productTitles('name_asc')).toEqual(AZ_ORDER);
    expect(await productTitles('name_desc')).toEqual([...AZ_ORDER].reverse());
    expect(await productTitles('name_asc', null)).toEqual(AZ_ORDER);
    // Pages break where the alphabet says.
    const second = dataOf<Page<ProductListItem>>(
      await call(t.app, null, 'GET', `/api/Products/all/${owner.market.id}?sort=name_asc&pageSize=5&page=2`),
    );
    expect(second.items.map((p) => p.title)).toEqual(AZ_ORDER.slice(5, 10));
    // A search sorts its matches the same way (its own statement).
    const found = dataOf<Page<ProductListItem>>(
      await call(t.app, owner.token, 'GET', `/api/Products/all/${owner.market.id}?sort=name_asc&search=a`),
    );
    expect(ours(found.items.map((p) => p.title))).toEqual(AZ_ORDER.filter((name) => /a/i.test(name)));
  });

  it('categories, in the panel and in the storefront', async () => {
    const listed = dataOf<CategoryView[]>(
      await call(t.app, owner.token, 'GET', `/api/Category/all/${owner.market.id}`),
    );
    expect(ours(listed.map((c) => c.name))).toEqual(AZ_ORDER);
    const storefront = new StorefrontService(t.ctx);
    const market = await storefront.marketByName(owner.market.name);
    expect(market).not.toBeNull();
    const shown = await storefront.categories(market!);
    expect(ours(shown.map((c) => c.name))).toEqual(AZ_ORDER);
  });

  it('inventory', async () => {
    const rows = dataOf<Page<InventoryRow>>(
      await call(t.app, owner.token, 'GET', `/api/Inventory/${owner.market.id}?pageSize=100`),
    );
    expect(ours(rows.items.map((r) => r.title))).toEqual(AZ_ORDER);
  });

  it('customers by name', async () => {
    const shop = await catalogOwner(t.app);
    const tariff = await createTariff(t.app, shop.token, shop.market.id);
    const item = await createProduct(
      t.app,
      shop.token,
      productBody(shop.market.id, shop.category.id, shop.imageUrl, { stock: 50 }),
    );
    const people = ['Çingiz', 'Cavid', 'Əli', 'Elnur', 'İlkin', 'Ilqar', 'Xəyal', 'Hüseyn', 'Şəhla', 'Sevda'];
    for (const firstName of people) {
      await paidOrder(t.app, shop.market.id, tariff.id, item.id, {
        email: uniqueEmail('az'),
        address: { firstName, lastName: 'Quliyeva' },
      });
    }
    const expected = ['Cavid', 'Çingiz', 'Elnur', 'Əli', 'Hüseyn', 'Xəyal', 'Ilqar', 'İlkin', 'Sevda', 'Şəhla'];
    const list = async (sort: string) =>
      dataOf<Page<CustomerListItem>>(
        await call(t.app, shop.token, 'GET', `/api/Customer/all?marketId=${shop.market.id}&sort=${sort}`),
      ).items.map((c) => c.firstName);
    expect(await list('name_asc')).toEqual(expected);
    expect(await list('name_desc')).toEqual([...expected].reverse());
  });
});

describe('searching blind to the dot of i', () => {
  let shop: Awaited<ReturnType<typeof catalogOwner>>;
  beforeAll(async () => {
    shop = await catalogOwner(t.app);
    for (const title of ['İSTANBUL çayı', 'ILIQ su', 'Kişi köynəyi']) {
      await createProduct(t.app, shop.token, productBody(shop.market.id, shop.category.id, shop.imageUrl, { title }));
    }
  });

  const cases: [string, string][] = [
    ['istanbul', 'İSTANBUL çayı'],
    ['İstanbul', 'İSTANBUL çayı'],
    ['ılıq', 'ILIQ su'],
    ['Iliq', 'ILIQ su'],
    ['KİŞİ', 'Kişi köynəyi'],
    ['KIŞI', 'Kişi köynəyi'],
  ];

  it('the product list (panel and storefront)', async () => {
    for (const [term, title] of cases) {
      for (const token of [shop.token, null]) {
        const page = dataOf<Page<ProductListItem>>(
          await call(t.app, token, 'GET', `/api/Products/all/${shop.market.id}?search=${encodeURIComponent(term)}`),
        );
        expect(
          page.items.map((p) => p.title),
          term,
        ).toEqual([title]);
      }
    }
  });

  it('inventory', async () => {
    for (const [term, title] of cases) {
      const rows = dataOf<Page<InventoryRow>>(
        await call(t.app, shop.token, 'GET', `/api/Inventory/${shop.market.id}?search=${encodeURIComponent(term)}`),
      );
      expect(
        rows.items.map((r) => r.title),
        term,
      ).toEqual([title]);
    }
  });
});
