import { randomBytes } from 'node:crypto';
import {
  EMPLOYEES_PER_MARKET,
  type Employee,
  type EmployeeLevel,
  INVITATION_DAYS,
  type Invitation,
  type InviteEmployeeInput,
  isUuid,
  type Language,
  type MarketView,
  personName,
} from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { marketEmployees, markets } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import { hashToken, type MarketRow, type UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { toMarketView } from '../market/service.js';
import { invitationMail } from './mail.js';

const DAY_MS = 86_400_000;

interface EmployeeRow {
  id: string;
  kind: 'member' | 'invitation';
  email: string;
  first_name: string | null;
  last_name: string | null;
  level: EmployeeLevel;
  since: Date | string;
  expires_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A store's employees (decision 022): the owner invites by e-mail with a level, changes a level,
 * removes a person or an invitation; the invited person opens the link and accepts it signed in
 * with that e-mail. What each level opens is enforced by `requireMarket` on every route.
 */
export class EmployeeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The store's people: employees first (oldest first), then invitations not accepted. */
  async list(marketId: string, db: Db = this.ctx.db): Promise<Employee[]> {
    const rows = rowsOf<EmployeeRow>(
      await db.execute(sql`select * from (
          select e.id, 'member' as kind, u.email, u.first_name, u.last_name, e.level, e.created_at as since,
            null::timestamptz as expires_at
          from market_employees e join users u on u.id = e.user_id where e.market_id = ${marketId}
          union all
          select i.id, 'invitation', i.email, null, null, i.level, i.created_at, i.expires_at
          from employee_invitations i where i.market_id = ${marketId} and i.accepted_at is null
        ) people order by kind desc, since, id`),
    );
    const now = this.clock().getTime();
    return rows.map((row) => ({
      id: row.id,
      status:
        row.kind === 'member' ? 'active' : new Date(row.expires_at as Date).getTime() > now ? 'invited' : 'expired',
      email: row.email,
      name: row.kind === 'member' ? [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || null : null,
      level: row.level,
      since: iso(row.since),
      expiresAt: row.expires_at === null ? null : iso(row.expires_at),
    }));
  }

  /**
   * Invites `input.email` to the store (or invites them again: a new link, a new week, the level
   * given now). The e-mail goes out in the caller's language inside the same transaction: an
   * invitation nobody was told of is not made.
   */
  async invite(market: MarketRow, by: UserRow, input: InviteEmployeeInput, language: Language): Promise<Employee> {
    const email = input.email.trim().toLowerCase();
    const owner = rowsOf<{ email: string }>(
      await this.ctx.db.execute(sql`select email from users where id = ${market.ownerId}`),
    )[0];
    if (owner?.email === email) throw new AppError('INVITATION_SELF', { email: 'INVITATION_SELF' });
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    const id = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The store's row orders invitations of one store: the limit holds under concurrent invites.
      await tx.execute(sql`select 1 from markets where id = ${market.id} for update`);
      const [state] = rowsOf<{ working: boolean; invited: boolean; people: number }>(
        await tx.execute(sql`select
            exists (select 1 from market_employees e join users u on u.id = e.user_id
              where e.market_id = ${market.id} and u.email = ${email}) as working,
            exists (select 1 from employee_invitations where market_id = ${market.id} and email = ${email}
              and accepted_at is null) as invited,
            (select count(*) from market_employees where market_id = ${market.id})::int
              + (select count(*) from employee_invitations where market_id = ${market.id} and accepted_at is null)::int
              as people`),
      );
      if (state?.working) throw new AppError('EMPLOYEE_EXISTS', { email: 'EMPLOYEE_EXISTS' });
      if (!state?.invited && (state?.people ?? 0) >= EMPLOYEES_PER_MARKET) throw new AppError('EMPLOYEE_LIMIT');
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into employee_invitations
            (market_id, email, level, token_hash, language, invited_by, expires_at, created_at)
          values (${market.id}, ${email}, ${input.level}, ${hashToken(token)}, ${language}, ${by.id}, ${expiresAt}, ${now})
          on conflict (market_id, email) where accepted_at is null do update set level = excluded.level,
            token_hash = excluded.token_hash, language = excluded.language, invited_by = excluded.invited_by,
            expires_at = excluded.expires_at, created_at = excluded.created_at
          returning id`),
      );
      const mail = invitationMail(email, language, {
        store: market.name,
        invitedBy: personName(by),
        level: input.level as EmployeeLevel,
        link: `${this.ctx.config.publicUrl.replace(/\/+$/, '')}/invitation/${token}`,
        days: INVITATION_DAYS,
      });
      try {
        await this.ctx.mailer.send(mail, tx);
      } catch (error) {
        this.ctx.log.error({ err: error, marketId: market.id }, 'the invitation could not be e-mailed');
        throw new AppError('INVITATION_MAIL_FAILED');
      }
      return row!.id;
    });
    return this.one(market.id, id);
  }

  private async one(marketId: string, id: string): Promise<Employee> {
    const found = (await this.list(marketId)).find((e) => e.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  /** Another level for an employee (from their next request on) or for an open invitation. */
  async update(marketId: string, id: string, level: EmployeeLevel): Promise<Employee> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const changed = rowsOf(
      await this.ctx.db.execute(sql`with member as (
          update market_employees set level = ${level} where id = ${id} and market_id = ${marketId} returning id
        ), invitation as (
          update employee_invitations set level = ${level}
          where id = ${id} and market_id = ${marketId} and accepted_at is null returning id
        ) select id from member union all select id from invitation`),
    );
    if (!changed.length) throw new AppError('NOT_FOUND');
    return this.one(marketId, id);
  }

  /** Removes an employee — their next request finds no store — or withdraws an invitation. */
  async remove(marketId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const removed = rowsOf(
      await this.ctx.db.execute(sql`with member as (
          delete from market_employees where id = ${id} and market_id = ${marketId} returning id
        ), invitation as (
          delete from employee_invitations where id = ${id} and market_id = ${marketId} and accepted_at is null
          returning id
        ) select id from member union all select id from invitation`),
    );
    if (!removed.length) throw new AppError('NOT_FOUND');
  }

  /** GET /Invitation/{token}: the invitation as the invited person sees it (404 if unknown). */
  async invitation(token: string): Promise<Invitation> {
    const [row] = rowsOf<{
      market_name: string;
      email: string;
      level: EmployeeLevel;
      expires_at: Date | string;
      accepted_at: Date | string | null;
      first_name: string | null;
      last_name: string | null;
      inviter_email: string;
    }>(
      await this.ctx.db.execute(sql`select m.name as market_name, i.email, i.level, i.expires_at, i.accepted_at,
          u.first_name, u.last_name, coalesce(u.email, o.email) as inviter_email
        from employee_invitations i join markets m on m.id = i.market_id join users o on o.id = m.owner_id
        left join users u on u.id = i.invited_by
        where i.token_hash = ${hashToken(token)} and m.closed_at is null`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return {
      marketName: row.market_name,
      invitedBy: personName({ firstName: row.first_name, lastName: row.last_name, email: row.inviter_email }),
      email: row.email,
      level: row.level,
      expiresAt: iso(row.expires_at),
      status: row.accepted_at
        ? 'accepted'
        : new Date(row.expires_at).getTime() > this.clock().getTime()
          ? 'pending'
          : 'expired',
    };
  }

  /**
   * The invited person, signed in with the invited e-mail, accepts: from now on they work in the
   * store at the invitation's level. Accepting again, once theirs, answers the store again.
   */
  async accept(token: string, user: UserRow): Promise<MarketView> {
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [invitation] = rowsOf<{
        id: string;
        market_id: string;
        email: string;
        level: EmployeeLevel;
        expires_at: Date | string;
        accepted_at: Date | string | null;
      }>(
        await tx.execute(sql`select id, market_id, email, level, expires_at, accepted_at from employee_invitations
          where token_hash = ${hashToken(token)} for update`),
      );
      if (!invitation) throw new AppError('NOT_FOUND');
      if (invitation.email !== user.email.toLowerCase()) {
        throw new AppError('INVITATION_OTHER_EMAIL', undefined, undefined, { email: invitation.email });
      }
      const [market] = rowsOf<{ id: string; owner_id: string }>(
        // A closed store (decision 023) takes no one in.
        await tx.execute(
          sql`select id, owner_id from markets where id = ${invitation.market_id} and closed_at is null`,
        ),
      );
      if (!market) throw new AppError('NOT_FOUND');
      if (market.owner_id === user.id) throw new AppError('INVITATION_SELF');
      if (invitation.accepted_at) {
        const [mine] = rowsOf(
          await tx.execute(sql`select 1 from market_employees where market_id = ${market.id} and user_id = ${user.id}`),
        );
        if (!mine) throw new AppError('INVITATION_ACCEPTED');
      } else {
        if (new Date(invitation.expires_at).getTime() <= this.clock().getTime())
          throw new AppError('INVITATION_EXPIRED');
        await tx.execute(sql`insert into market_employees (market_id, user_id, level)
          values (${market.id}, ${user.id}, ${invitation.level})
          on conflict (market_id, user_id) do update set level = excluded.level`);
        await tx.execute(
          sql`update employee_invitations set accepted_at = ${this.clock()} where id = ${invitation.id}`,
        );
      }
      return this.marketView(tx, market.id, user.id);
    });
  }

  private async marketView(db: Db, marketId: string, userId: string): Promise<MarketView> {
    const [found] = await db
      .select({ market: markets, level: marketEmployees.level })
      .from(markets)
      .innerJoin(marketEmployees, and(eq(marketEmployees.marketId, markets.id), eq(marketEmployees.userId, userId)))
      .where(eq(markets.id, marketId))
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND');
    return toMarketView(found.market, found.level);
  }
}
