// Idempotency-Key on replayable create calls (DESIGN section 5): same key and body -> the stored
// first response; same key, other body -> 422; a duplicate while the first is running -> 409.
// Routes opt in with `config: { idempotent: true }`. Keys are per user. For multipart bodies the
// body cannot be hashed before the handler streams it, so only the key is compared there.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sha256 } from '../lib/crypto.js';
import { conflict, unprocessable } from '../lib/http-error.js';
import { now } from '../db/connection.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bodyHash(request: FastifyRequest): string {
  if (request.isMultipart()) return '';
  return sha256(JSON.stringify(request.body ?? null));
}

export default fp(async function idempotency(app: FastifyInstance) {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent || !request.user) return;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return;
    if (!UUID.test(key)) throw unprocessable('Idempotency-Key must be a UUID');
    const route = `${request.method} ${request.url}`;
    const hash = bodyHash(request);
    const existing = await app.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', request.user.id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing) {
      if (existing.route !== route || (hash && existing.body_hash && existing.body_hash !== hash)) {
        throw unprocessable('This Idempotency-Key was already used for a different request');
      }
      if (existing.state === 'pending') throw conflict('A request with this Idempotency-Key is still in progress');
      reply.header('idempotent-replayed', 'true');
      return reply
        .status(existing.status_code ?? 200)
        .type('application/json; charset=utf-8')
        .send(existing.response_body ?? '{}');
    }
    try {
      await app.db
        .insertInto('idempotency_keys')
        .values({ key, user_id: request.user.id, route, body_hash: hash, state: 'pending', status_code: null, response_body: null, created_at: now() })
        .execute();
    } catch {
      // Another request with the same key won the insert a moment ago.
      throw conflict('A request with this Idempotency-Key is still in progress');
    }
    request.idempotencyKey = key;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.user || reply.getHeader('idempotent-replayed')) return payload;
    const q = app.db.updateTable('idempotency_keys').where('user_id', '=', request.user.id).where('key', '=', key);
    if (reply.statusCode >= 500 || reply.statusCode === 409 || reply.statusCode === 429) {
      // Not a final answer: let the client try the same key again.
      await app.db.deleteFrom('idempotency_keys').where('user_id', '=', request.user.id).where('key', '=', key).execute();
    } else {
      await q.set({ state: 'done', status_code: reply.statusCode, response_body: typeof payload === 'string' ? payload : '{}' }).execute();
    }
    return payload;
  });

});
