// Every { message } the API answers, in the request's language (i18n/index.ts): errors of any
// status, and the answers that are only a message ('If we found an account...'). Handlers and
// services keep writing the English text; this is the one place it is translated.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLanguage, translate } from '../i18n/index.js';

function translated(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const { message } = payload as { message?: unknown };
  if (typeof message !== 'string') return payload;
  // A success answer's `message` may be data (a post's text): only an answer that is nothing but
  // a message, or an error, is a message to the user.
  if (reply.statusCode < 400 && Object.keys(payload).length !== 1) return payload;
  const language = requestLanguage(request);
  const text = translate(message, language);
  return text === message ? payload : { ...payload, message: text };
}

export default fp(async function i18n(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => translated(request, reply, payload));
});
