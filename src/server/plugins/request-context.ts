// Per-request hygiene: the request id goes back in X-Request-Id, and answers to a signed-in user
// are not kept by shared caches. requestId() and logSerializers are used in buildApp's Fastify
// options: ids come from a well-formed X-Request-Id or are generated, and request log lines
// carry URLs with their tokens blanked.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's genReqId: the client's X-Request-Id when well formed, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : crypto.randomUUID();
}

/** Query parameters that carry a secret: e-mail link tokens, signed file URL signatures. */
const SECRET_PARAMS = new Set(['token', 'sig', 'signature', 'code', 'password', 'secret', 'access_token', 'key']);
/** Paths that carry one: the e-mailed verification link /emailverified/<token>. */
const SECRET_PATHS = [/^(\/emailverified\/)[^/?#]+/i];
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q < 0 ? url : url.slice(0, q);
  for (const re of SECRET_PATHS) pathPart = pathPart.replace(re, `$1${REDACTED}`);
  if (q < 0) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent.
      }
      return eq >= 0 && SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** Fastify logger serializers: the default request fields, with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

const hasJsonBody = (type: unknown) => typeof type === 'string' && /^application\/([a-z0-9.+-]*\+)?json\b/i.test(type);

export default fp(async function requestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // A signed-in user's data is theirs only; routes that set their own policy (files) keep it.
    if (request.user && !reply.hasHeader('cache-control') && hasJsonBody(reply.getHeader('content-type'))) {
      void reply.header('cache-control', 'private, no-cache');
    }
    done(null, payload);
  });
});
