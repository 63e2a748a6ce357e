// Session auth (DESIGN section 5): random 256-bit token in an httpOnly cookie, stored hashed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, sha256 } from '../lib/crypto.js';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { listCache } from '../lib/list-cache.js';
import { inRequestScope, inWriteScope } from '../lib/request-scope.js';
import { lru } from '../lib/lru.js';
import { writes } from '../lib/methods.js';
import { hasRole, type RoleBit } from '../../shared/enums.js';
import type { UserTable } from '../db/types.js';
import type { Selectable } from 'kysely';

export type SessionUser = Selectable<UserTable>;

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;
/** Sessions a process keeps between requests (those read from the database longest ago go first). */
const KNOWN_SESSIONS = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no session lookup (lib/route.ts `session`). */
    session?: false;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionHash: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: 403 when the user's role bits lack `bit`. */
    requireRole: (bit: RoleBit) => (request: FastifyRequest) => Promise<void>;
    startSession: (reply: FastifyReply, request: FastifyRequest, userId: number) => Promise<void>;
    endSession: (reply: FastifyReply, request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user; only call after requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(async function session(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);

  // Built and compiled once; each request only binds its token's hash.
  const sessionQuery = app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at')
    .where('sessions.token_hash', '=', '')
    .compile();
  // Sessions looked up before, each under the versions of sessions and users it was read at
  // (lib/list-cache.ts, migration 0017): any sign-in, sign-out or change to a user, by any process,
  // changes them, and the next request asks the database again. Reading the versions before the
  // session keeps this safe under concurrent writes, as for list pages.
  const versions = listCache(app.db);
  // Keyed by the cookie's token (it is in this process's memory for every request anyway), so a
  // known session costs no SHA-256; the database only ever sees the hash.
  const known = lru<{ at: string; hash: string; user: SessionUser; expiresAt: string }>(KNOWN_SESSIONS);
  const lookUp = async (request: FastifyRequest, token: string) => {
    // With the list cache off (LIST_CACHE=off) every request reads its session afresh too.
    const v = versions.enabled ? await versions.versions() : undefined;
    const at = v ? `${v.get('sessions')}.${v.get('users')}` : '';
    let entry = known.get(token);
    if (!v || entry?.at !== at) {
      const hash = entry?.hash ?? sha256(token);
      const { rows } = await app.db.executeQuery({ ...sessionQuery, parameters: [hash] } as typeof sessionQuery);
      const row = rows[0];
      known.delete(token);
      if (!row) return;
      const { expires_at: expiresAt, ...user } = row;
      entry = { at, hash, user, expiresAt };
      known.set(token, entry);
    }
    if (entry.expiresAt < new Date().toISOString() || !entry.user.enabled) return;
    // A copy: the kept row is shared by this session's requests.
    request.user = { ...entry.user };
    request.sessionHash = entry.hash;
  };
  // Without a cookie (or on a route declared `session: false`) no promise is made at all.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || request.routeOptions.config?.session === false) return done();
    const run = () => void lookUp(request, token).then(() => done(), done);
    // A GET reads the list versions once, here and in its lists (lib/request-scope.ts).
    if (request.method === 'GET') inRequestScope(run);
    else run();
  });
  // A request that writes reads ahead of the lists from its first step after the body
  // (lib/request-scope.ts); its session was looked up above, by key.
  app.addHook('preHandler', (request, _reply, done) => (writes(request.method) ? inWriteScope(done) : done()));

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
  });
  app.decorate('requireRole', (bit: RoleBit) => async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!hasRole(request.user.role, bit)) throw forbidden('You do not have permission to do that');
  });

  app.decorate('startSession', async (reply: FastifyReply, request: FastifyRequest, userId: number) => {
    // A new token at every login; the old one (if any) ends.
    if (request.sessionHash) await app.db.deleteFrom('sessions').where('token_hash', '=', request.sessionHash).execute();
    const token = randomToken();
    const created = new Date();
    const expires = new Date(created.getTime() + SESSION_DAYS * 86400_000);
    await app.db
      .insertInto('sessions')
      .values({ token_hash: sha256(token), user_id: userId, created_at: created.toISOString(), expires_at: expires.toISOString() })
      .execute();
    void reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires,
    });
  });

  app.decorate('endSession', async (reply: FastifyReply, request: FastifyRequest) => {
    if (request.sessionHash) await app.db.deleteFrom('sessions').where('token_hash', '=', request.sessionHash).execute();
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});
