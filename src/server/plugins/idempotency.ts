// Idempotency-Key on replayable create calls (DESIGN section 5): same key and body -> the stored
// first response; same key, other body -> 422; a duplicate while the first is running -> 409.
// Routes opt in with `config: { idempotent: true }`. Keys are per user.
//
// Bodies are compared by digest: a JSON body by the sha256 of its raw text (plugins/input.ts), a
// multipart body by the digest of its fields and file contents taken while the handler streams it
// (uploads/multipart.ts formParts). A multipart replay of a finished request is read and digested
// before it is answered; a multipart request that ended before its body was read to the end is not
// recorded (nothing is known of its body), so the same key may be sent again.
//
// A request holds its pending key under a lease (lease_id, leased_at), renewed while it runs. A
// pending key whose lease ran out was left by a process that died mid-request: the next replay takes
// it over with a conditional update (only one replay can win) and runs the request afresh. Only the
// current holder records the response.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, sha256 } from '../lib/crypto.js';
import { conflict, unprocessable } from '../lib/http-error.js';
import { now } from '../db/connection.js';
import { formParts } from '../uploads/multipart.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
    /** The lease this request holds on its key, and the timer that renews it. */
    idempotencyLease: { id: string; timer: NodeJS.Timeout } | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const OTHER_REQUEST_MESSAGE = 'This Idempotency-Key was already used for a different request';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still in progress';

/** The digest of a JSON (or empty) body; a multipart body's is known only once it has been read. */
function jsonBodyHash(request: FastifyRequest): string {
  return request.bodyDigest ?? sha256(JSON.stringify(request.body ?? null));
}

/** Read a multipart body to its end (files are drained, never kept) and answer its digest. */
async function digestForm(request: FastifyRequest): Promise<string | null> {
  for await (const part of formParts(request)) {
    if (part.type === 'file') for await (const chunk of part.file) void chunk;
  }
  return request.bodyDigest;
}

export default fp(async function idempotency(app: FastifyInstance) {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyLease', null);
  const leaseMs = app.config.idempotencyLeaseMs;

  const keyRow = (userId: number, key: string) => app.db.updateTable('idempotency_keys').where('user_id', '=', userId).where('key', '=', key);

  /** Hold the key: remember the lease and renew it while the request runs. */
  const hold = (request: FastifyRequest, userId: number, key: string, leaseId: string) => {
    const timer = setInterval(() => {
      keyRow(userId, key)
        .set({ leased_at: now() })
        .where('lease_id', '=', leaseId)
        .where('state', '=', 'pending')
        .execute()
        .catch((err: unknown) => request.log.warn({ err }, 'renewing an idempotency lease failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    timer.unref();
    request.idempotencyKey = key;
    request.idempotencyLease = { id: leaseId, timer };
  };
  const release = (request: FastifyRequest) => {
    if (request.idempotencyLease) clearInterval(request.idempotencyLease.timer);
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) return;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return;
    if (!UUID.test(key)) throw unprocessable('Idempotency-Key must be a UUID');
    const userId = request.user.id;
    const route = `${request.method} ${request.url}`;
    const multipart = request.isMultipart();
    // A multipart body is digested as the handler streams it; until then its hash is unknown ('').
    const hash = multipart ? '' : jsonBodyHash(request);
    const leaseId = randomToken();
    // A new key (nearly every request) is one statement: the insert; only a key already there is read.
    const inserted = await app.db
      .insertInto('idempotency_keys')
      .values({ key, user_id: userId, route, body_hash: hash, state: 'pending', status_code: null, response_body: null, created_at: now(), lease_id: leaseId, leased_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      hold(request, userId, key, leaseId);
      return;
    }
    const existing = await app.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    // Its request gave the key back a moment ago (an answer that was not final): the same key may try again.
    if (!existing) throw conflict(IN_PROGRESS_MESSAGE);

    if (existing.route !== route) throw unprocessable(OTHER_REQUEST_MESSAGE);
    if (existing.state === 'done') {
      const sent = multipart ? await digestForm(request) : hash;
      if (existing.body_hash && sent !== existing.body_hash) throw unprocessable(OTHER_REQUEST_MESSAGE);
      reply.header('idempotent-replayed', 'true');
      return reply
        .status(existing.status_code ?? 200)
        .type('application/json; charset=utf-8')
        .send(existing.response_body ?? '{}');
    }

    if (hash && existing.body_hash && existing.body_hash !== hash) throw unprocessable(OTHER_REQUEST_MESSAGE);
    // Pending: still running, unless its lease ran out (the process holding it died). Taking it over
    // is one conditional update, so of two replays only one can win.
    const cutoff = new Date(Date.now() - leaseMs).toISOString();
    const taken = await keyRow(userId, key)
      .set({ lease_id: leaseId, leased_at: now(), body_hash: hash || existing.body_hash })
      .where('state', '=', 'pending')
      .where('leased_at', '<', cutoff)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw conflict(IN_PROGRESS_MESSAGE);
    request.log.warn({ key }, 'took over an idempotency key left pending by a request that did not finish');
    hold(request, userId, key, leaseId);
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.idempotencyKey;
    const lease = request.idempotencyLease;
    if (!key || !lease || !request.user || reply.getHeader('idempotent-replayed')) return payload;
    release(request);
    const userId = request.user.id;
    const final = reply.statusCode < 500 && reply.statusCode !== 409 && reply.statusCode !== 429;
    const multipart = request.isMultipart();
    if (!final || (multipart && !request.bodyDigest)) {
      // Not a final answer, or one for a body never read to its end: the same key may try again.
      await app.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('lease_id', '=', lease.id).execute();
    } else {
      await keyRow(userId, key)
        .set({
          state: 'done',
          status_code: reply.statusCode,
          response_body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '{}',
          ...(multipart ? { body_hash: request.bodyDigest! } : {}),
        })
        .where('lease_id', '=', lease.id)
        .execute();
    }
    return payload;
  };

  // Belt and braces: no timer outlives its request. (A client that gives up does not end the lease:
  // the handler may still be running and will record its answer.)
  const onResponse = async (request: FastifyRequest) => release(request);

  // Only the routes that opt in run these hooks; every other request pays nothing. Their onSend runs
  // after the app's own (request-context), and before any added later (compression: the stored
  // answer is the JSON text as the handler made it).
  const list = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
  app.addHook('onRoute', (opts) => {
    if (!opts.config?.idempotent) return;
    opts.preHandler = [...list(opts.preHandler), preHandler];
    opts.onSend = [...list(opts.onSend), onSend];
    opts.onResponse = [...list(opts.onResponse), onResponse];
  });
});
