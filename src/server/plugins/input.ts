// Input guards at the edge (DESIGN section 5: bad input of any kind is a 4xx on both databases):
// - a NUL character anywhere in the path or query string is refused (PostgreSQL text cannot hold
//   one, so both databases answer alike) before routing, on every route;
// - JSON bodies are parsed by our own parser, which refuses deep nesting with a cheap scan before
//   JSON.parse and keeps a sha256 of the raw text for the idempotency plugin (request.bodyDigest)
//   when the request carries an Idempotency-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sha256 } from '../lib/crypto.js';
import { unprocessable } from '../lib/http-error.js';
import { NUL_MESSAGE } from '../../shared/schemas/common.js';

/** No request body of this API nests deeper than a few levels; this leaves a wide margin. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * sha256 of the request body as sent: the raw text of a JSON body, or the digest of a multipart
     * body's fields and files once it has been read to its end (uploads/multipart.ts).
     */
    bodyDigest: string | null;
  }
}

/** True when the JSON text opens more than `max` arrays or objects at once (strings are skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** True when a raw URL (path and query) holds a NUL character, escaped (%00) or not. */
export function urlHasNul(url: string): boolean {
  return url.includes('\0') || /%00/i.test(url);
}

export default fp(async function input(app: FastifyInstance) {
  app.decorateRequest('bodyDigest', null);

  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    done(urlHasNul(request.url) ? unprocessable(NUL_MESSAGE) : undefined);
  });

  // Fastify's own parser with its prototype-poisoning checks, behind the depth check and digest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(unprocessable(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    // Only the idempotency plugin reads the digest, and only for a request that carries a key.
    if (request.headers['idempotency-key']) request.bodyDigest = sha256(text);
    parseJson(request, text, done);
  });
});
