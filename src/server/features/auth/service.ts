// Accounts: registration, login, verification and password reset (spec sections 5, 7 and 8), with
// the limits of limits.ts. Mails go out from the job queue: a request answers without waiting for
// the mail server, and a reset request for an unknown account does the same work as for a known one.
import { hash, verify } from '@node-rs/argon2';
import * as v from 'valibot';
import type { registerSchema } from '../../../shared/schemas/auth.js';
import type { Me } from '../../../shared/schemas/users.js';
import { now } from '../../db/connection.js';
import type { JobQueue } from '../../jobs/queue.js';
import { randomToken, sha256, uuid } from '../../lib/crypto.js';
import { conflict, HttpError, notFound, unauthorized, unprocessable } from '../../lib/http-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { presentUser } from '../../lib/present-user.js';
import type { UserRow, UsersPort } from '../../lib/ports.js';
import { resetMail, verificationMail } from './emails.js';
import { userLanguage } from '../../i18n/index.js';
import type { AuthLimits } from './limits.js';
import type { AuthRepository, TokenPurpose } from './repository.js';

// argon2id with the parameters of DESIGN section 2.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };
const VERIFY_TTL_MS = 7 * 86400_000;
const RESET_TTL_MS = 3600_000;

export const UNVERIFIED_MESSAGE = 'Unverified account. Please check your e-mail for the verification link.';
export const BAD_LOGIN_MESSAGE = 'Incorrect username or password!';
/**
 * Told only to someone who gave the right password (a wrong one gets BAD_LOGIN, so the answer says
 * nothing about the account to a guesser), with whom to contact to have it enabled again.
 */
export function disabledMessage(supportEmail: string | undefined): string {
  return supportEmail
    ? `Your account has been disabled. To have it enabled again, contact support at ${supportEmail}.`
    : 'Your account has been disabled. To have it enabled again, contact support.';
}
export const VERIFIED_MESSAGE = 'Account Verified. Please login below.';
export const ALREADY_VERIFIED_MESSAGE = 'Your account is already verified. Please sign in.';

/** The jobs that send the account mails (registered by routes.ts). */
export const VERIFICATION_MAIL_JOB = 'auth.verification-mail';
export const RESET_MAIL_JOB = 'auth.reset-mail';

/** Whom a mail job is for: a user by id, or whatever was typed into a form (looked up when the job runs). */
const mailJobSchema = v.object({
  userId: v.optional(v.number()),
  login: v.optional(v.string()),
  distributorId: v.optional(v.number()),
});

export const hashPassword = (password: string) => hash(password, ARGON);

export interface AuthServiceDeps {
  users: UsersPort;
  auth: AuthRepository;
  limits: AuthLimits;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Mailer;
  publicUrl: string;
  /** Whom a disabled account is told to contact. */
  supportEmail?: string;
  /** True when a verification token, whatever its state, belongs to an account now verified. */
  verifiedTokenOwner: (tokenHash: string) => Promise<boolean>;
  /** After an address is verified (group invites sent to it before it had an account become its own). */
  onVerified?: (user: UserRow) => Promise<unknown>;
}

export function authService({ users, auth, limits, jobs, mailer, publicUrl, supportEmail, verifiedTokenOwner, onVerified }: AuthServiceDeps) {
  async function issueToken(userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = randomToken();
    await auth.issueToken(userId, purpose, sha256(token), ttlMs);
    return token;
  }

  /** The user a mail job is for, and the distributor of the request that asked for it. */
  async function recipient(payload: Record<string, unknown>) {
    const job = v.parse(mailJobSchema, payload);
    const user = job.userId != null ? await users.byId(job.userId) : job.login != null ? await users.byLogin(job.login) : undefined;
    return { user, distributorId: job.distributorId };
  }

  async function mailTo(user: UserRow, distributorId: number | undefined, purpose: TokenPurpose) {
    if (distributorId != null) await users.update(user.id, { distributor_id: distributorId });
    const token = await issueToken(user.id, purpose, purpose === 'verify' ? VERIFY_TTL_MS : RESET_TTL_MS);
    // The recipient's language: theirs, else their distributor's (corpuls: German), else English.
    const language = userLanguage({ ...user, distributor_id: distributorId ?? user.distributor_id });
    await mailer.send(
      purpose === 'verify'
        ? verificationMail(user.email, user.first_name, `${publicUrl}/emailverified/${token}`, language)
        : resetMail(user.email, user.first_name, `${publicUrl}/password-update?token=${token}`, language),
    );
  }

  /** The e-mail a call would send to: the account's when the name or address is known, else what was typed. */
  async function mailTarget(login: string): Promise<string> {
    return (await users.byLogin(login))?.email ?? login;
  }

  async function me(userId: number): Promise<Me> {
    const user = await users.byId(userId);
    if (!user) throw unauthorized();
    return presentUser(user, await users.organisation(user.organisation_id));
  }

  return {
    me,

    async register(input: v.InferOutput<typeof registerSchema>, distributorId: number, address: string) {
      await limits.emailCall(address, input.email);
      if (await users.usernameTaken(input.username)) throw conflict('That username is already taken.');
      if (await users.byEmail(input.email)) throw conflict('An account with that email address already exists.');
      let organisationId: number | null = null;
      if (input.organisationCode) {
        const org = await users.organisationByCode(input.organisationCode);
        if (!org) throw unprocessable('We could not find an organisation with that code.');
        organisationId = org.id;
      }
      const user = await auth.createUser({
        uuid_id: uuid(),
        first_name: input.firstName,
        last_name: input.lastName,
        username: input.username,
        email: input.email,
        password_hash: await hashPassword(input.password),
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
      });
      if (!user) throw conflict('That username or email address is already registered.');
      await jobs.enqueue(VERIFICATION_MAIL_JOB, { userId: user.id });
    },

    /** Check the password within the limits; the signed-in user's id. */
    async login(login: string, password: string, distributorId: number, address: string): Promise<number> {
      const user = await users.byLogin(login);
      const attempt = await limits.signIn(user ? `user:${user.id}` : `name:${login.toLowerCase()}`, address);
      // Verify against a dummy hash for unknown users so timing does not reveal which names exist.
      const ok = user ? await verify(user.password_hash, password).catch(() => false) : await dummyVerify(password);
      if (!user || !ok) {
        await attempt.failed();
        throw new HttpError(401, BAD_LOGIN_MESSAGE);
      }
      await attempt.succeeded();
      if (!user.email_verified) throw new HttpError(403, UNVERIFIED_MESSAGE);
      if (!user.enabled) throw new HttpError(403, disabledMessage(supportEmail));
      await users.update(user.id, { last_login: now(), distributor_id: distributorId });
      return user.id;
    },

    /** By e-mail or username: the login screen only knows the username. Answers the same either way. */
    async resendVerification(emailOrUsername: string, distributorId: number, address: string) {
      const login = emailOrUsername.trim();
      await limits.emailCall(address, await mailTarget(login));
      await jobs.enqueue(VERIFICATION_MAIL_JOB, { login, distributorId });
    },

    /**
     * A link opened again (used or expired) whose account is verified says so: the one who opens it
     * wants to sign in, and is no guesser (the link was mailed to them), so it never counts as a failure.
     */
    async verifyEmail(token: string, distributorId: number, address: string): Promise<{ message: string; alreadyVerified?: true }> {
      const failed = await limits.linkAttempt(address);
      const tokenHash = sha256(token);
      const userId = await auth.consumeToken(tokenHash, 'verify');
      if (!userId) {
        if (await verifiedTokenOwner(tokenHash)) return { message: ALREADY_VERIFIED_MESSAGE, alreadyVerified: true };
        await failed();
        throw unprocessable('This verification link is invalid or has expired.');
      }
      await users.update(userId, { email_verified: 1, distributor_id: distributorId });
      await onVerified?.((await users.byId(userId))!);
      return { message: VERIFIED_MESSAGE };
    },

    /** Known or unknown account, the same work: one lookup, the limits, one queued job. */
    async requestReset(emailOrUsername: string, distributorId: number, address: string) {
      const login = emailOrUsername.trim();
      await limits.emailCall(address, await mailTarget(login));
      await jobs.enqueue(RESET_MAIL_JOB, { login, distributorId });
    },

    /** SendEmailLoggedIn: a reset link for the signed-in user. */
    async requestResetFor(user: UserRow, address: string) {
      await limits.emailCall(address, user.email);
      await jobs.enqueue(RESET_MAIL_JOB, { userId: user.id });
    },

    async resetPassword(token: string, newPassword: string, distributorId: number, address: string) {
      const failed = await limits.linkAttempt(address);
      const userId = await auth.consumeToken(sha256(token), 'reset');
      if (!userId) {
        await failed();
        throw unprocessable('This reset link is invalid or has expired.');
      }
      // A new password ends every session and every other reset link.
      await auth.setPassword(userId, await hashPassword(newPassword), distributorId);
    },

    async assignOrganisation(userId: number, code: string): Promise<Me> {
      const org = await users.organisationByCode(code);
      if (!org) throw notFound('We could not find an organisation with that code.');
      await users.update(userId, { organisation_id: org.id });
      return me(userId);
    },

    /** The verification mail job: only an account still unverified gets one. */
    async sendVerificationMail(payload: Record<string, unknown>) {
      const { user, distributorId } = await recipient(payload);
      if (user && !user.email_verified) await mailTo(user, distributorId, 'verify');
    },

    /** The reset mail job: a new link ends the older ones. */
    async sendResetMail(payload: Record<string, unknown>) {
      const { user, distributorId } = await recipient(payload);
      if (user) await mailTo(user, distributorId, 'reset');
    },
  };
}
export type AuthService = ReturnType<typeof authService>;

let dummyHash: Promise<string> | null = null;
async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-A1');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
