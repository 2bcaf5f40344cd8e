// Seeds what the browser journeys need before the server starts (the embedded database takes
// one process at a time): the demo store, and a verified, active custom domain of it so that a
// journey can open the store at the root of its own host (DESIGN §1 custom domains).
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { marketDomains, markets } from '../apps/server/src/db/schema/index.js';
import { DEMO, seedDemo } from '../apps/server/src/demo/seed.js';

const E2E_DOMAIN = process.env.E2E_DOMAIN ?? 'shop.e2e.test';

const { app, ctx } = await buildApp(loadConfig(process.env), { web: 'none' });
try {
  await seedDemo(ctx);
  const [market] = await ctx.db.select({ id: markets.id }).from(markets).where(eq(markets.name, DEMO.market));
  if (!market) throw new Error('the demo store was not seeded');
  await ctx.db
    .insert(marketDomains)
    .values({ marketId: market.id, name: E2E_DOMAIN, verified: true, active: true, primary: true })
    .onConflictDoNothing();
} finally {
  await app.close();
}
