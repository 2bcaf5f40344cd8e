import type { EmailCodeInput, Language, UpdateOwnerInput, UpdateUserInput, UserView } from '@shop/shared';
import { eq, inArray, or } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { type CodePurpose, users } from '../../db/schema/index.js';
import { createSession, deleteSession, endSessions, isStaff, type UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.js';
import { checkCode, issueCode } from './codes.js';
import { codeMail } from './mail.js';

/** `staff`: whether the platform counts them among its staff (platform/auth.ts isStaff). */
export function toUserView(user: UserRow, staff: boolean): UserView {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    emailConfirmed: user.emailConfirmedAt !== null,
    hasPassword: user.passwordHash !== null,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    language: user.language as Language,
    timeZone: user.timeZone,
    photoUrl: user.photoUrl,
    staff,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Names (or no longer names) an account one of the platform's staff — `npm run staff`, never a
 * request. Answers the account's e-mail, or null when there is no such account.
 */
export async function setStaff(db: Db, email: string, staff: boolean): Promise<string | null> {
  const [user] = await db
    .update(users)
    .set({ isStaff: staff, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ email: users.email });
  return user?.email ?? null;
}

/** The accounts `npm run staff` named. */
export async function staffEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isStaff, true)).orderBy(users.email);
  return rows.map((r) => r.email);
}

/**
 * The platform's staff to tell of something (a visitor's request): those `npm run staff` named and
 * those of STAFF_EMAILS, each with their account's language (English for an address with no account).
 */
export async function staffRecipients(
  db: Db,
  config: Pick<Config, 'staffEmails'>,
): Promise<{ email: string; language: string }[]> {
  const listed = [...config.staffEmails];
  const rows = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(listed.length ? or(eq(users.isStaff, true), inArray(users.email, listed)) : eq(users.isStaff, true));
  const known = new Map(rows.map((r) => [r.email, r.language]));
  for (const email of listed) if (!known.has(email)) known.set(email, 'en');
  return [...known].map(([email, language]) => ({ email, language }));
}

export class UserService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  private async byEmail(email: string, db: Db = this.db): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  /** Sends a fresh code; rate-limited per account and per address. */
  private async sendCode(user: UserRow, purpose: CodePurpose, ip: string, rememberMe = false) {
    const accountKey = `${purpose}:${user.id}`;
    await this.ctx.limits.hit('codeSendsPerIp', ip);
    await this.ctx.limits.hit('codeSendsPerAccount', accountKey);
    await this.ctx.limits.hit('codeSendsPerAccountHourly', accountKey);
    try {
      await this.db.transaction(async (tx) => {
        const code = await issueCode(tx, user.id, purpose, rememberMe);
        await this.ctx.mailer.send(codeMail(user.email, purpose, code, user.language as Language), tx);
      });
    } catch (error) {
      this.ctx.log.error({ err: error, purpose }, 'sending a code failed');
      // A code nobody received must not hold the cooldown.
      await this.ctx.limits.reset('codeSendsPerAccount', accountKey);
      throw new AppError(purpose === 'reset_password' ? 'RESET_LINK_FAILED' : 'SEND_CODE_FAILED', undefined, undefined);
    }
  }

  async register(input: { email: string; password: string; language?: Language }, language: Language, ip: string) {
    await this.ctx.limits.hit('registrationsPerIp', ip);
    if (await this.byEmail(input.email)) throw new AppError('USER_ALREADY_EXISTS');
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      [user] = (await this.db
        .insert(users)
        .values({ email: input.email, passwordHash, language: input.language ?? language })
        .returning()) as [UserRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USER_ALREADY_EXISTS');
      throw error;
    }
    try {
      await this.sendCode(user, 'confirm_email', ip);
    } catch (error) {
      // A refused registration leaves nothing behind: no code was sent, so the user registers again.
      await this.db.delete(users).where(eq(users.id, user.id));
      throw error;
    }
    return { email: user.email };
  }

  /** Runs a code check in its own transaction so that a wrong try is counted, then throws. */
  private async verifyCode(
    user: UserRow | undefined,
    purpose: CodePurpose,
    code: string,
    consume: boolean,
    ip: string,
    after?: (tx: Db) => Promise<void>,
  ) {
    await this.ctx.limits.hit('codeChecksPerIp', ip);
    if (!user) throw new AppError('CODE_INCORRECT');
    const result = await this.db.transaction(async (tx) => {
      const check = await checkCode(tx, user.id, purpose, code, consume);
      if (check.ok && after) await after(tx);
      return check;
    });
    if (!result.ok) throw new AppError(result.reason);
    // The cooldown keeps a pending code from being replaced too often; a used code holds nothing,
    // so signing out and in again within the minute must not be refused.
    if (consume) await this.ctx.limits.reset('codeSendsPerAccount', `${purpose}:${user.id}`);
    return result;
  }

  async confirmEmail(input: EmailCodeInput, ip: string) {
    const user = await this.byEmail(input.email);
    if (user?.emailConfirmedAt) throw new AppError('EMAIL_ALREADY_CONFIRMED');
    await this.verifyCode(user, 'confirm_email', input.code, true, ip, async (tx) => {
      await tx.update(users).set({ emailConfirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user!.id));
    });
    return { email: input.email, confirmed: true as const };
  }

  async resendConfirmCode(email: string, ip: string) {
    const user = await this.byEmail(email);
    if (!user) throw new AppError('NO_EMAIL_FOUND');
    if (user.emailConfirmedAt) throw new AppError('EMAIL_ALREADY_CONFIRMED');
    await this.sendCode(user, 'confirm_email', ip);
    return { email: user.email };
  }

  async login(input: { login: string; password: string; rememberMe: boolean }, ip: string) {
    await this.ctx.limits.hit('loginPerIp', ip);
    const [user] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.email, input.login), eq(users.username, input.login)))
      .limit(1);
    // One account, one count: failures by e-mail and by username add up.
    const accountKey = user?.id ?? input.login;
    await this.ctx.limits.check('loginFailuresPerAccount', accountKey);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !valid) {
      await this.ctx.limits.hit('loginFailuresPerAccount', accountKey);
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.ctx.limits.reset('loginFailuresPerAccount', accountKey);
    if (!user.emailConfirmedAt) {
      await this.sendCode(user, 'confirm_email', ip).catch((error) => {
        // A code sent a moment ago is still valid: the user only has to enter it.
        if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
      });
      throw new AppError('EMAIL_NOT_CONFIRMED', { email: 'EMAIL_NOT_CONFIRMED' });
    }
    await this.sendCode(user, 'login', ip, input.rememberMe);
    return { email: user.email };
  }

  async confirmLogin(input: EmailCodeInput, ip: string) {
    const user = await this.byEmail(input.email);
    const { rememberMe } = await this.verifyCode(user, 'login', input.code, true, ip);
    await this.reopenAccount(user!);
    const session = await createSession(this.db, user!.id, rememberMe);
    return { session, user: toUserView(user!, isStaff(user!, this.ctx.config)) };
  }

  /**
   * Signing in to an account its owner closed (decision 023) opens it again; its stores stay
   * closed until reopened one by one.
   */
  private async reopenAccount(user: UserRow) {
    if (!user.closedAt) return;
    await this.db.update(users).set({ closedAt: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    user.closedAt = null;
  }

  async forgotPassword(email: string, ip: string) {
    const user = await this.byEmail(email);
    if (!user) throw new AppError('NO_EMAIL_FOUND');
    await this.sendCode(user, 'reset_password', ip);
    return { email: user.email };
  }

  async verifyResetCode(input: EmailCodeInput, ip: string) {
    await this.verifyCode(await this.byEmail(input.email), 'reset_password', input.code, false, ip);
    return { email: input.email, valid: true as const };
  }

  async resetPassword(input: { email: string; code: string; password: string }, ip: string) {
    const user = await this.byEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    await this.verifyCode(user, 'reset_password', input.code, true, ip, async (tx) => {
      // The code proves the mailbox: the e-mail counts as confirmed, and old sessions end.
      await tx
        .update(users)
        .set({ passwordHash, emailConfirmedAt: user!.emailConfirmedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(users.id, user!.id));
      await endSessions(tx as unknown as Db, user!.id);
    });
    await this.ctx.limits.reset('loginFailuresPerAccount', user!.id);
    return { email: input.email };
  }

  private oidc?: Promise<{ tokenEndpoint: string; jwks: ReturnType<typeof createRemoteJWKSet>; issuer: string }>;

  private discover() {
    const { issuer } = this.ctx.config.google;
    this.oidc ??= (async () => {
      const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OpenID discovery failed: ${response.status}`);
      const meta = (await response.json()) as { issuer: string; token_endpoint: string; jwks_uri: string };
      return {
        issuer: meta.issuer,
        tokenEndpoint: meta.token_endpoint,
        jwks: createRemoteJWKSet(new URL(meta.jwks_uri)),
      };
    })();
    this.oidc.catch(() => {
      this.oidc = undefined;
    });
    return this.oidc;
  }

  /** Google sign-in: exchange the authorization code, verify the ID token, sign in or sign up. */
  async googleCode(input: { code: string; redirectUri: string }, language: Language) {
    const { clientId, clientSecret } = this.ctx.config.google;
    if (!clientId || !clientSecret) throw new AppError('GOOGLE_NOT_CONFIGURED');
    let claims: { sub: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string };
    try {
      const oidc = await this.discover();
      const response = await fetch(oidc.tokenEndpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: input.code,
          redirect_uri: input.redirectUri,
        }),
      });
      if (!response.ok) throw new AppError('GOOGLE_LOGIN_FAILED');
      const tokens = (await response.json()) as { id_token?: string };
      if (!tokens.id_token) throw new AppError('GOOGLE_ID_TOKEN_NOT_FOUND');
      const { payload } = await jwtVerify(tokens.id_token, oidc.jwks, { issuer: oidc.issuer, audience: clientId });
      claims = payload as typeof claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('GOOGLE_LOGIN_FAILED');
    }
    const email = claims.email?.toLowerCase();
    if (!claims.sub || !email || claims.email_verified === false) throw new AppError('GOOGLE_LOGIN_FAILED');

    const [existing] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.googleSubject, claims.sub), eq(users.email, email)))
      .limit(1);
    let user: UserRow;
    if (existing) {
      // Google vouches for the address: link the account and count the e-mail as confirmed.
      [user] = (await this.db
        .update(users)
        .set({
          googleSubject: claims.sub,
          emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id))
        .returning()) as [UserRow];
    } else {
      [user] = (await this.db
        .insert(users)
        .values({
          email,
          googleSubject: claims.sub,
          emailConfirmedAt: new Date(),
          firstName: claims.given_name ?? null,
          lastName: claims.family_name ?? null,
          language,
        })
        .returning()) as [UserRow];
    }
    await this.reopenAccount(user);
    const session = await createSession(this.db, user.id, true);
    return { session, user: toUserView(user, isStaff(user, this.ctx.config)) };
  }

  async updateUser(user: UserRow, input: UpdateUserInput & { phone?: string | null }) {
    const [updated] = (await this.db
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()) as [UserRow];
    return toUserView(updated, isStaff(updated, this.ctx.config));
  }

  /** `currentToken` is the caller's session: a new password ends every other session. */
  async updateOwner(user: UserRow, input: UpdateOwnerInput, currentToken: string | undefined) {
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.newPassword) {
      // A Google-only account sets its first password without a current one.
      if (
        user.passwordHash &&
        !(input.currentPassword && (await verifyPassword(user.passwordHash, input.currentPassword)))
      ) {
        throw new AppError('WRONG_PASSWORD', { currentPassword: 'WRONG_PASSWORD' });
      }
      changes.passwordHash = await hashPassword(input.newPassword);
    }
    if (input.username !== undefined && input.username !== user.username) {
      changes.username = input.username;
    }
    try {
      const updated = await this.db.transaction(async (tx) => {
        const [row] = (await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()) as [UserRow];
        if (changes.passwordHash) {
          await endSessions(tx as unknown as Db, user.id, currentToken);
        }
        return row;
      });
      return toUserView(updated, isStaff(updated, this.ctx.config));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN', { username: 'USERNAME_TAKEN' });
      throw error;
    }
  }

  async logout(token: string | undefined) {
    if (token) await deleteSession(this.db, token);
  }
}
