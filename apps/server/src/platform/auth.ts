import { createHash, randomBytes } from 'node:crypto';
import { canAccess, type EmployeeLevel, isUuid, type MarketAccess, type MarketArea } from '@shop/shared';
import { and, eq, gt, isNotNull, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { marketEmployees, markets, sessions, users } from '../db/schema/index.js';
import { sql } from '../db/sql-text.js';
import { keptRead } from './changes.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { verifyPassword } from './passwords.js';

export const SESSION_COOKIE = 'token';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A remembered session lasts 30 days; otherwise a day, and the cookie ends with the browser. */
const REMEMBERED_MS = 30 * DAY_MS;
const SESSION_MS = DAY_MS;

export type UserRow = typeof users.$inferSelect;
export type MarketRow = typeof markets.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(db: Db, userId: string, remember: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (remember ? REMEMBERED_MS : SESSION_MS));
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt, remember };
}

export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date; remember: boolean },
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session token of a request: Bearer header first, then the cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null') return token;
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie && cookie !== 'null' ? cookie : undefined;
}

const userByRequest = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** The signed-in user or null; looked up once per request. */
export function currentUser(db: Db, request: FastifyRequest): Promise<UserRow | null> {
  let found = userByRequest.get(request);
  if (!found) {
    found = lookUpUser(db, requestToken(request));
    userByRequest.set(request, found);
  }
  return found;
}

/**
 * The session lookup runs on every signed-in request: prepared once per database, so the SQL is
 * built once (and on PostgreSQL planned once) instead of per request.
 */
function sessionUserQuery(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');
}
const preparedByDb = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

async function lookUpUser(db: Db, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 200) return null;
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = sessionUserQuery(db);
    preparedByDb.set(db, prepared);
  }
  const [row] = await prepared.execute({ tokenHash: hashToken(token), now: new Date() });
  return row?.user ?? null;
}

export async function requireUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(db, request);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/**
 * One of the platform's staff (issue 14): named by `npm run staff` (users.is_staff) or by the
 * STAFF_EMAILS list of the configuration — never by anything a merchant can do.
 */
export function isStaff(user: UserRow, config: Pick<Config, 'staffEmails'>): boolean {
  return user.isStaff || config.staffEmails.has(user.email);
}

/** The guard of the staff's routes: signed in (else 401) and staff (else 403). */
export async function requireStaff(db: Db, request: FastifyRequest, config: Pick<Config, 'staffEmails'>) {
  const user = await requireUser(db, request);
  if (!isStaff(user, config)) throw new AppError('FORBIDDEN');
  return user;
}

/**
 * The staff's guard as a route's `preValidation`: the caller is told apart before the request's
 * rules are checked, so anyone else gets 401/403 and never learns them from a field error.
 * `staffOf(request)` is the staff member it read, for the handler.
 */
export function staffGuard(db: Db, config: Pick<Config, 'staffEmails'>) {
  const staff = new WeakMap<object, UserRow>();
  return {
    preValidation: async (request: FastifyRequest) => {
      staff.set(request, await requireStaff(db, request, config));
    },
    staffOf: (request: FastifyRequest): UserRow => {
      const user = staff.get(request);
      if (!user) throw new Error('staffOf: the route has no staffGuard preValidation');
      return user;
    },
  };
}

/**
 * The guard of every market-scoped route (DESIGN §4, decision 022): the caller must be the
 * market's owner, or an employee of it whose level opens `area`. Anyone else, signed in or not,
 * learns nothing: 404. An employee asking for what their level does not open: 403 ACCESS_DENIED.
 * The employee's row is read on every call, so a new level or a removal holds at once.
 */
export async function requireMarket(
  db: Db,
  request: FastifyRequest,
  marketId: string,
  area: MarketArea,
  /** A closed store (decision 023) answers its owner only on routes that say so (reading it, its export, reopening). */
  options: { whenClosed?: 'allow' } = {},
): Promise<{ user: UserRow; market: MarketRow; access: MarketAccess }> {
  const user = await requireUser(db, request);
  if (!isUuid(marketId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select({ market: markets, level: marketEmployees.level })
    .from(markets)
    .leftJoin(marketEmployees, and(eq(marketEmployees.marketId, markets.id), eq(marketEmployees.userId, user.id)))
    .where(and(eq(markets.id, marketId), or(eq(markets.ownerId, user.id), isNotNull(marketEmployees.id))))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const access: MarketAccess = row.market.ownerId === user.id ? 'owner' : (row.level as EmployeeLevel);
  // A closed store is its owner's alone: its employees learn nothing of it.
  if (row.market.closedAt && access !== 'owner') throw new AppError('NOT_FOUND');
  if (!canAccess(access, area)) throw new AppError('ACCESS_DENIED');
  if (row.market.closedAt && options.whenClosed !== 'allow') throw new AppError('MARKET_CLOSED');
  return { user, market: row.market, access };
}

/**
 * The signed-in user's password, asked again before what can't be taken back lightly (bank
 * details, closing a store or the account): an account without one (Google only) sets one first;
 * wrong ones count towards holding the account, so a stolen session is no way to guess it.
 */
export async function confirmPassword(ctx: Pick<AppContext, 'limits'>, user: UserRow, password: string) {
  if (!user.passwordHash) throw new AppError('SET_PASSWORD_FIRST', { password: 'SET_PASSWORD_FIRST' });
  await ctx.limits.check('passwordFailuresPerAccount', user.id);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await ctx.limits.hit('passwordFailuresPerAccount', user.id);
    throw new AppError('WRONG_PASSWORD', { password: 'WRONG_PASSWORD' });
  }
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Ends every session of the user (a password reset), or every one but the session of `keep` (a
 * password change keeps the device that made it signed in).
 */
export async function endSessions(db: Db, userId: string, keep?: string | null) {
  await db
    .delete(sessions)
    .where(
      keep == null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keep))),
    );
}

/**
 * Who reads a market's catalog (DESIGN §4 public vs owner reads): its owner — and an employee
 * whose level opens the read's area — sees everything ('owner': the store's own view); anyone
 * else (shoppers, other merchants, other employees, no one signed in) only active items and
 * public fields.
 */
export type Viewer = 'owner' | 'public';

function viewerOf(market: MarketRow, userId: string | undefined, level: string | null, area: MarketArea): Viewer {
  if (!userId) return 'public';
  if (market.ownerId === userId) return 'owner';
  return level !== null && canAccess(level as EmployeeLevel, area) ? 'owner' : 'public';
}

/**
 * For reads that shoppers and the owner share (DESIGN §4): the market by id and who is asking.
 * An unknown or malformed id is 404 for everyone.
 */
export async function marketForViewer(
  db: Db,
  request: FastifyRequest,
  marketId: string,
  area: MarketArea,
): Promise<{ market: MarketRow; viewer: Viewer }> {
  if (!isUuid(marketId)) throw new AppError('NOT_FOUND');
  const token = requestToken(request);
  if (token && token.length <= 200 && !userByRequest.has(request)) {
    // A signed-in caller whose session is not known yet: the market and the session's user in
    // one round trip. The user is remembered for the request as `currentUser` would.
    let withUser = marketWithUserByDb.get(db);
    if (!withUser) {
      withUser = prepareMarketWithUser(db);
      marketWithUserByDb.set(db, withUser);
    }
    const [row] = await withUser.execute({ id: marketId, tokenHash: hashToken(token), now: new Date() });
    if (!row) throw new AppError('NOT_FOUND');
    userByRequest.set(request, Promise.resolve(row.user));
    if (row.market.closedAt && row.user?.id !== row.market.ownerId) throw new AppError('NOT_FOUND');
    return { market: row.market, viewer: viewerOf(row.market, row.user?.id, row.level, area) };
  }
  // A shopper's read (no token): the market as kept in memory until it changes (platform/changes.ts).
  const market = await keptRead(db, KEPT_MARKETS, marketId, async () => {
    let byId = marketByIdByDb.get(db);
    if (!byId) {
      byId = prepareMarketById(db);
      marketByIdByDb.set(db, byId);
    }
    const [row] = await byId.execute({ id: marketId });
    return row ? { value: row, tag: row.id } : null;
  });
  if (!market) throw new AppError('NOT_FOUND');
  const user = await currentUser(db, request);
  // A closed store (decision 023) is no store to anyone but its owner.
  if (market.closedAt && user?.id !== market.ownerId) throw new AppError('NOT_FOUND');
  if (!user || user.id === market.ownerId) return { market, viewer: user ? 'owner' : 'public' };
  const [employee] = await db
    .select({ level: marketEmployees.level })
    .from(marketEmployees)
    .where(and(eq(marketEmployees.marketId, market.id), eq(marketEmployees.userId, user.id)))
    .limit(1);
  return { market, viewer: viewerOf(market, user.id, employee?.level ?? null, area) };
}

/** The market rows of shoppers' reads of the API (a store's products, categories …). */
const KEPT_MARKETS = { name: 'api-markets', maxBytes: 16 * 1024 * 1024 };

/** Shared reads look the market up on every call: prepared once per database. */
function prepareMarketById(db: Db) {
  return db
    .select()
    .from(markets)
    .where(eq(markets.id, sql.placeholder('id')))
    .limit(1)
    .prepare('market_by_id');
}
const marketByIdByDb = new WeakMap<Db, ReturnType<typeof prepareMarketById>>();

/**
 * The market and, beside it, the user of an unexpired session with that token (null if none):
 * the same conditions as `sessionUserQuery`; the token hash is unique, so at most one row.
 */
function prepareMarketWithUser(db: Db) {
  return db
    .select({ market: markets, user: users, level: marketEmployees.level })
    .from(markets)
    .leftJoin(
      sessions,
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(marketEmployees, and(eq(marketEmployees.marketId, markets.id), eq(marketEmployees.userId, users.id)))
    .where(eq(markets.id, sql.placeholder('id')))
    .limit(1)
    .prepare('market_with_session_user');
}
const marketWithUserByDb = new WeakMap<Db, ReturnType<typeof prepareMarketWithUser>>();
