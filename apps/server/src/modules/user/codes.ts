import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { limits } from '@shop/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type CodePurpose, verificationCodes } from '../../db/schema/index.js';

/**
 * Six-digit single-use codes (DESIGN §4): valid 10 minutes, at most 5 tries. A new code of the
 * same purpose replaces the previous one.
 */
function hashCode(userId: string, purpose: CodePurpose, code: string) {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest();
}

export async function issueCode(db: Db, userId: string, purpose: CodePurpose, rememberMe = false): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(limits.code.length, '0');
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    userId,
    purpose,
    rememberMe,
    codeHash: hashCode(userId, purpose, code).toString('base64url'),
    expiresAt: new Date(Date.now() + limits.code.ttlMinutes * 60_000),
  });
  return code;
}

export type CodeCheck =
  | { ok: true; rememberMe: boolean }
  | { ok: false; reason: 'CODE_INCORRECT' | 'CODE_EXPIRED' | 'CODE_ATTEMPTS_EXCEEDED' };

/**
 * Checks a code and counts the try. Returns instead of throwing so that the caller's
 * transaction commits the counted attempt.
 */
export async function checkCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  code: string,
  consume: boolean,
): Promise<CodeCheck> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row) return { ok: false, reason: 'CODE_EXPIRED' };
  if (row.attempts >= limits.code.maxAttempts) return { ok: false, reason: 'CODE_ATTEMPTS_EXCEEDED' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'CODE_EXPIRED' };
  const matches = timingSafeEqual(Buffer.from(row.codeHash, 'base64url'), hashCode(userId, purpose, code));
  if (!matches) {
    const attempts = row.attempts + 1;
    await db.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, row.id));
    return { ok: false, reason: attempts >= limits.code.maxAttempts ? 'CODE_ATTEMPTS_EXCEEDED' : 'CODE_INCORRECT' };
  }
  if (consume)
    await db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, row.id));
  return { ok: true, rememberMe: row.rememberMe };
}
