import { eq } from 'drizzle-orm';
import { hashPassword } from '../platform/passwords.js';
import type { Db } from './client.js';
import { markets, sectors, users } from './schema/index.js';

export const DEMO = { email: 'demo@shop.az', password: 'Demo-Store-2026!', market: 'demo-store' } as const;

/** The demo merchant and store of the embedded quick start; running it again changes nothing. */
export async function seedDemo(db: Db): Promise<void> {
  let [user] = await db.select().from(users).where(eq(users.email, DEMO.email)).limit(1);
  if (!user) {
    [user] = await db
      .insert(users)
      .values({
        email: DEMO.email,
        username: 'demo',
        passwordHash: await hashPassword(DEMO.password),
        emailConfirmedAt: new Date(),
        firstName: 'Demo',
        lastName: 'Merchant',
        language: 'az',
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!user) return;
  const [sector] = await db.select().from(sectors).where(eq(sectors.slug, 'clothing')).limit(1);
  if (!sector) return;
  await db
    .insert(markets)
    .values({ ownerId: user.id, name: DEMO.market, sectorId: sector.id, description: 'Demo store' })
    .onConflictDoNothing();
}
