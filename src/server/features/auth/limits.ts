// Limits on sign-in and e-mail calls('Limits and accounts'; README 'Limits'). Counters live
// in the database (repository.ts), so every server process counts the same attempts, and they are
// keyed by a hash: the table holds no names, addresses or e-mail addresses.
//
// - Sign-in: failures count, successes never do. Per account (from any address) every attempt holds
//   a place while its password is checked and gives it back when the password was right, so a burst
//   of simultaneous guesses gets no more than the limit. Per address only finished failures count,
//   against a higher limit of its own: a class behind one school address shares it, and one
//   student's typos must not lock the others out. While the address's counter is full every
//   sign-in from it is refused, the right password too: letting that one through would tell a
//   guesser spraying many accounts which password was right.
// - E-mail sending calls: every call counts, per address and per target e-mail.
// - Links (verification, reset): failures per address, like sign-in.
import net from 'node:net';
import { sha256 } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthRepository } from './repository.js';

export interface LimitSettings {
  /** Failed sign-ins per account, and failed links per address, within the window. */
  login: number;
  /** Failed sign-ins per address within the window (default DEFAULT_LOGIN_ADDRESS_LIMIT). */
  loginAddress?: number;
  /** E-mail sending calls per address and per target e-mail within the window. */
  email: number;
  windowMs: number;
}

/** Failed sign-ins per address by default: room for a class's typos behind one school address. */
export const DEFAULT_LOGIN_ADDRESS_LIMIT = 100;

export const SIGN_IN_LIMITED = 'Too many failed sign-in attempts.';
export const EMAIL_LIMITED = 'Too many e-mails requested.';
export const LINK_LIMITED = 'Too many invalid links.';

/** A 429 whose message says when to try again; Retry-After carries the same in seconds. */
export class RateLimited extends HttpError {
  constructor(
    what: string,
    public retryAfterSeconds: number,
  ) {
    super(429, `${what} Please try again in ${inWords(retryAfterSeconds)}.`);
  }
}

function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The address a limit counts against: IPv4 as is (also when mapped into IPv6), IPv6 by its /64,
 * the block one subscriber usually gets, so rotating through it does not dodge the limit.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!net.isIPv6(address)) return address;
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const width = (gs: string[]) => gs.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(8 - width(h) - width(t)).fill('0'), ...t];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function authLimits(repo: AuthRepository, settings: LimitSettings) {
  const key = (kind: string, value: string) => `${kind}:${sha256(value)}`;

  function refuse(what: string, windowStart: string): never {
    const left = Date.parse(windowStart) + settings.windowMs - Date.now();
    throw new RateLimited(what, Math.max(1, Math.ceil(left / 1000)));
  }

  /** Refuse when the key's window already holds `max` failures; otherwise a way to count one more. */
  async function failuresBelow(kind: string, value: string, max: number, what: string) {
    const k = key(kind, value);
    const seen = await repo.peekLimit(k, settings.windowMs);
    if (seen && seen.hits >= max) refuse(what, seen.window_start);
    return async () => {
      await repo.hitLimit(k, settings.windowMs);
    };
  }

  return {
    /**
     * Before a password is checked. `account` names the account tried (its id when it exists, else
     * the name typed), `address` the client. Throws the 429; otherwise report how it went.
     */
    async signIn(account: string, address: string) {
      const addressFailed = await failuresBelow('sign-in-address', clientNetwork(address), settings.loginAddress ?? DEFAULT_LOGIN_ADDRESS_LIMIT, SIGN_IN_LIMITED);
      const accountKey = key('sign-in-account', account);
      const held = await repo.hitLimit(accountKey, settings.windowMs);
      if (held.hits > settings.login) refuse(SIGN_IN_LIMITED, held.window_start);
      return {
        /** A wrong password: the account keeps its place, the address counts one. */
        failed: () => addressFailed(),
        /** The right password: the account's place is given back. */
        succeeded: () => repo.unhitLimit(accountKey, held.window_start),
      };
    },

    /** An e-mail sending call: counts per address and per target e-mail; throws the 429. */
    async emailCall(address: string, targetEmail: string) {
      const byAddress = await repo.hitLimit(key('email-address', clientNetwork(address)), settings.windowMs);
      if (byAddress.hits > settings.email) refuse(EMAIL_LIMITED, byAddress.window_start);
      const byTarget = await repo.hitLimit(key('email-target', targetEmail.trim().toLowerCase()), settings.windowMs);
      if (byTarget.hits > settings.email) refuse(EMAIL_LIMITED, byTarget.window_start);
    },

    /** Before a verification or reset link is tried: throws the 429; otherwise count a failure with the result. */
    linkAttempt: (address: string) => failuresBelow('link-address', clientNetwork(address), settings.login, LINK_LIMITED),
  };
}
export type AuthLimits = ReturnType<typeof authLimits>;
