// The rows accounts own (spec sections 5 and 8): new users, e-mailed tokens, sessions and the limit
// counters of limits.ts. Tokens arrive here already hashed; only their SHA-256 is stored.
import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { UserTable } from '../../db/types.js';

export type TokenPurpose = 'verify' | 'reset';

/** A counter within its current window. */
export interface LimitCount {
  hits: number;
  window_start: string;
}

export function authRepository(db: DB) {
  /** Reset links of a user not used yet: ending them marks them used, so none works again. */
  const endResetLinks = (executor: DB, userId: number) =>
    executor.updateTable('email_tokens').set({ used_at: now() }).where('user_id', '=', userId).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();

  return {
    /** The new row, or null when a unique index caught a concurrent registration of the same name or address. */
    async createUser(values: Insertable<UserTable>) {
      try {
        return await db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
      } catch {
        return null;
      }
    },

    /** Store a token; a new reset link ends the user's older ones in the same transaction. */
    issueToken(userId: number, purpose: TokenPurpose, tokenHash: string, ttlMs: number) {
      const created = new Date();
      return db.transaction().execute(async (trx) => {
        if (purpose === 'reset') await endResetLinks(trx, userId);
        await trx
          .insertInto('email_tokens')
          .values({
            token_hash: tokenHash,
            user_id: userId,
            purpose,
            created_at: created.toISOString(),
            expires_at: new Date(created.getTime() + ttlMs).toISOString(),
            used_at: null,
          })
          .execute();
      });
    },

    /** Use a token once: marks it used atomically so a replay finds nothing. The user's id, or null. */
    async consumeToken(tokenHash: string, purpose: TokenPurpose): Promise<number | null> {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: now() })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now())
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** A new password: set it, end every session and every outstanding reset link of the user. */
    setPassword(userId: number, passwordHash: string, distributorId: number) {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, distributor_id: distributorId }).where('id', '=', userId).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await endResetLinks(trx, userId);
      });
    },

    /**
     * Count one hit on a key and return the count of its window. A window older than windowMs starts
     * afresh. One upsert, so simultaneous hits from several processes are all counted.
     */
    hitLimit(key: string, windowMs: number): Promise<LimitCount> {
      const at = new Date();
      const start = at.toISOString();
      const expired = new Date(at.getTime() - windowMs).toISOString();
      return db
        .insertInto('rate_limits')
        .values({ key, window_start: start, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_start: sql<string>`CASE WHEN rate_limits.window_start <= ${expired} THEN ${start} ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow();
    },

    /** The count of a key's current window, without counting. */
    peekLimit(key: string, windowMs: number): Promise<LimitCount | undefined> {
      const expired = new Date(Date.now() - windowMs).toISOString();
      return db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', key).where('window_start', '>', expired).executeTakeFirst();
    },

    /** Take back one hit of the window that began at windowStart (a later window is left alone). */
    async unhitLimit(key: string, windowStart: string): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;

/** True when a verification token was issued (used or not, expired or not) to an account now verified. */
export async function verifyTokenOfVerifiedUser(db: DB, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .innerJoin('users', 'users.id', 'email_tokens.user_id')
    .select('users.email_verified')
    .where('email_tokens.token_hash', '=', tokenHash)
    .where('email_tokens.purpose', '=', 'verify')
    .executeTakeFirst();
  return Boolean(row?.email_verified);
}
