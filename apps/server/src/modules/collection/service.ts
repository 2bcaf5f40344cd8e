import type { CollectionInput, CollectionView } from '@shop/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collectionProducts, collections, products } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { bumpCatalogVersion } from '../market/hooks.js';

type CollectionRow = typeof collections.$inferSelect;
type CollectionData = Omit<CollectionInput, 'marketId'> & { productIds: string[] };

export class CollectionService {
  constructor(private readonly ctx: AppContext) {}

  /** Members in order; a shopper sees only the active ones. */
  private async members(collectionIds: string[], viewer: Viewer) {
    if (collectionIds.length === 0) return new Map<string, string[]>();
    const rows = await this.ctx.db
      .select({ collectionId: collectionProducts.collectionId, productId: collectionProducts.productId })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(
        viewer === 'public'
          ? and(inArray(collectionProducts.collectionId, collectionIds), eq(products.status, 'active'))
          : inArray(collectionProducts.collectionId, collectionIds),
      )
      .orderBy(asc(collectionProducts.position));
    const byCollection = new Map<string, string[]>();
    for (const row of rows)
      byCollection.set(row.collectionId, [...(byCollection.get(row.collectionId) ?? []), row.productId]);
    return byCollection;
  }

  private toView(row: CollectionRow, productIds: string[]): CollectionView {
    return {
      id: row.id,
      marketId: row.marketId,
      title: row.title,
      description: row.description,
      coverImageUrl: row.coverImageUrl,
      status: row.status,
      productIds,
      productCount: productIds.length,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(marketId: string, viewer: Viewer): Promise<CollectionView[]> {
    const rows = await this.ctx.db
      .select()
      .from(collections)
      .where(
        viewer === 'public'
          ? and(eq(collections.marketId, marketId), eq(collections.status, 'active'))
          : eq(collections.marketId, marketId),
      )
      .orderBy(desc(collections.createdAt));
    const members = await this.members(
      rows.map((r) => r.id),
      viewer,
    );
    return rows.map((r) => this.toView(r, members.get(r.id) ?? []));
  }

  async get(marketId: string, id: string, viewer: Viewer): Promise<CollectionView> {
    const conditions = [eq(collections.id, id), eq(collections.marketId, marketId)];
    if (viewer === 'public') conditions.push(eq(collections.status, 'active'));
    const [row] = await this.ctx.db
      .select()
      .from(collections)
      .where(and(...conditions))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return this.toView(row, (await this.members([id], viewer)).get(id) ?? []);
  }

  /** Every product must be one of this market's. */
  private async assertProducts(db: Db, marketId: string, ids: string[]) {
    if (ids.length === 0) return;
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.marketId, marketId), inArray(products.id, ids)));
    if (found.length !== ids.length) throw new AppError('VALIDATION_FAILED', { productIds: 'invalidValue' });
  }

  private async setMembers(db: Db, marketId: string, collectionId: string, productIds: string[]) {
    await db.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
    if (productIds.length) {
      await db
        .insert(collectionProducts)
        .values(productIds.map((productId, position) => ({ collectionId, productId, marketId, position })));
    }
  }

  private columns(data: CollectionData) {
    return {
      title: data.title,
      description: data.description || null,
      coverImageUrl: data.coverImageUrl,
      status: data.status ?? 'active',
    };
  }

  /** POST create-collection-and-product-collection: the collection and its products, at once. */
  async create(marketId: string, data: CollectionData): Promise<CollectionView> {
    const id = await this.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.assertProducts(db, marketId, data.productIds);
      const [row] = await db
        .insert(collections)
        .values({ marketId, ...this.columns(data) })
        .returning({ id: collections.id });
      const created = (row as { id: string }).id;
      await this.setMembers(db, marketId, created, data.productIds);
      return created;
    });
    // The product list filters by collection: its cached counts must not outlive a membership change.
    await bumpCatalogVersion(this.ctx, marketId);
    return this.get(marketId, id, 'owner');
  }

  async update(marketId: string, id: string, data: CollectionData): Promise<CollectionView> {
    await this.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [row] = await db
        .update(collections)
        .set({ ...this.columns(data), updatedAt: new Date() })
        .where(and(eq(collections.id, id), eq(collections.marketId, marketId)))
        .returning({ id: collections.id });
      if (!row) throw new AppError('NOT_FOUND');
      await this.assertProducts(db, marketId, data.productIds);
      await this.setMembers(db, marketId, id, data.productIds);
    });
    await bumpCatalogVersion(this.ctx, marketId);
    return this.get(marketId, id, 'owner');
  }

  async remove(marketId: string, id: string): Promise<void> {
    const deleted = await this.ctx.db
      .delete(collections)
      .where(and(eq(collections.id, id), eq(collections.marketId, marketId)))
      .returning({ id: collections.id });
    if (!deleted.length) throw new AppError('NOT_FOUND');
    await bumpCatalogVersion(this.ctx, marketId);
  }
}
