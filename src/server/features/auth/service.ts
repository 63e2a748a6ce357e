// Accounts: registration, login, verification and password reset (spec sections 5, 7 and 8).
import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { registerSchema } from '../../../shared/schemas/auth.js';
import { now } from '../../db/connection.js';
import { randomToken, sha256, uuid } from '../../lib/crypto.js';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error.js';
import { claimInvites } from '../../lib/group-access.js';
import { usersRepository, type UserRow } from '../users/repository.js';
import { resetMail, verificationMail } from './emails.js';

// argon2id with the parameters of DESIGN section 2.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };
const VERIFY_TTL_MS = 7 * 86400_000;
const RESET_TTL_MS = 3600_000;

export const UNVERIFIED_MESSAGE = 'Unverified account. Please check your e-mail for the verification link.';
export const BAD_LOGIN_MESSAGE = 'Incorrect username or password!';

export const hashPassword = (password: string) => hash(password, ARGON);

export function authService(app: FastifyInstance) {
  const users = usersRepository(app.db);
  const { publicUrl } = app.config;

  async function issueToken(userId: number, purpose: 'verify' | 'reset', ttlMs: number): Promise<string> {
    const token = randomToken();
    const created = new Date();
    await app.db
      .insertInto('email_tokens')
      .values({
        token_hash: sha256(token),
        user_id: userId,
        purpose,
        created_at: created.toISOString(),
        expires_at: new Date(created.getTime() + ttlMs).toISOString(),
        used_at: null,
      })
      .execute();
    return token;
  }

  /** Use a token once: marks it used atomically so a replay finds nothing. */
  async function consumeToken(token: string, purpose: 'verify' | 'reset'): Promise<number | null> {
    const row = await app.db
      .updateTable('email_tokens')
      .set({ used_at: now() })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async function sendVerification(user: UserRow) {
    const token = await issueToken(user.id, 'verify', VERIFY_TTL_MS);
    await app.mailer.send(verificationMail(user.email, user.first_name, `${publicUrl}/emailverified/${token}`));
  }

  async function sendReset(user: UserRow) {
    const token = await issueToken(user.id, 'reset', RESET_TTL_MS);
    await app.mailer.send(resetMail(user.email, user.first_name, `${publicUrl}/password-update?token=${token}`));
  }

  return {
    async register(input: v.InferOutput<typeof registerSchema>, distributorId: number) {
      if (await users.usernameTaken(input.username)) throw conflict('That username is already taken.');
      if (await users.byEmail(input.email)) throw conflict('An account with that email address already exists.');
      let organisationId: number | null = null;
      if (input.organisationCode) {
        const org = await users.organisationByCode(input.organisationCode);
        if (!org) throw unprocessable('We could not find an organisation with that code.');
        organisationId = org.id;
      }
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await app.db
          .insertInto('users')
          .values({
            uuid_id: uuid(),
            first_name: input.firstName,
            last_name: input.lastName,
            username: input.username,
            email: input.email,
            password_hash: passwordHash,
            mobile_phone: null,
            role: 1,
            enabled: 1,
            email_verified: 0,
            can_provision: 0,
            is_pre_release: 0,
            organisation_id: organisationId,
            distributor_id: distributorId,
            last_login: null,
            created_at: now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch {
        // The unique indexes caught a concurrent registration with the same name or address.
        throw conflict('That username or email address is already registered.');
      }
      await sendVerification(user);
      return user;
    },

    async login(login: string, password: string, distributorId: number): Promise<UserRow> {
      const user = await users.byLogin(login);
      // Verify against a dummy hash for unknown users so timing does not reveal which names exist.
      const ok = user ? await verify(user.password_hash, password).catch(() => false) : await dummyVerify(password);
      if (!user || !ok) throw new HttpError(401, BAD_LOGIN_MESSAGE);
      if (!user.email_verified) throw new HttpError(403, UNVERIFIED_MESSAGE);
      if (!user.enabled) throw new HttpError(403, 'Your account has been disabled. Please contact support.');
      await users.update(user.id, { last_login: now(), distributor_id: distributorId });
      return user;
    },

    /** By e-mail or username: the login screen only knows the username. Answers the same either way. */
    async resendVerification(emailOrUsername: string, distributorId: number) {
      const user = await users.byLogin(emailOrUsername.trim());
      if (user && !user.email_verified) {
        await users.update(user.id, { distributor_id: distributorId });
        await sendVerification(user);
      }
    },

    async verifyEmail(token: string, distributorId: number) {
      const userId = await consumeToken(token, 'verify');
      if (!userId) throw unprocessable('This verification link is invalid or has expired.');
      await users.update(userId, { email_verified: 1, distributor_id: distributorId });
      // Group invites sent to this address before it had an account now wait for it (issue 11).
      await claimInvites(app.db, userId, (await users.byId(userId))!.email);
    },

    async requestReset(login: string, distributorId: number) {
      const user = await users.byLogin(login.trim());
      if (!user) return;
      await users.update(user.id, { distributor_id: distributorId });
      await sendReset(user);
    },

    sendReset,

    async resetPassword(token: string, newPassword: string, distributorId: number) {
      const userId = await consumeToken(token, 'reset');
      if (!userId) throw unprocessable('This reset link is invalid or has expired.');
      await users.update(userId, { password_hash: await hashPassword(newPassword), distributor_id: distributorId });
      // A new password ends every existing session.
      await app.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    async assignOrganisation(userId: number, code: string) {
      const org = await users.organisationByCode(code);
      if (!org) throw notFound('We could not find an organisation with that code.');
      await users.update(userId, { organisation_id: org.id });
    },
  };
}

let dummyHash: Promise<string> | null = null;
async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-A1');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
