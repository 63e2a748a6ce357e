// One error handler: { message } with the status of DESIGN section 5; 5xx details never leave the server.
import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND_MESSAGE } from '../../shared/schemas/common.js';
import { multipartError } from '../uploads/multipart.js';
import { OUT_OF_SPACE_MESSAGE, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, isOutOfSpaceError, isUnavailableError } from '../lib/unavailable.js';

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = error.statusCode ?? 500;
    let message = error.message;
    const form = multipartError(error);
    if (form) {
      status = form.statusCode;
      message = form.message;
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') status = 415;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413;
      message = error.code === 'FST_REQ_FILE_TOO_LARGE' || request.isMultipart() ? 'File too large' : 'The request body is too large';
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      message = 'The request body is not valid JSON';
    }
    // A dependency down (the database, the file store) or the disk full: the request did nothing
    // (a transaction cut short is rolled back), and the client may try again.
    if (status >= 500 && isUnavailableError(error)) {
      request.log.warn({ err: error }, 'a dependency is unavailable');
      void reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
      return;
    }
    if (status >= 500 && isOutOfSpaceError(error)) {
      request.log.error({ err: error }, 'out of storage space');
      void reply.status(507).send({ message: OUT_OF_SPACE_MESSAGE });
      return;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      message = 'Something went wrong on our side. Please try again.';
    }
    void reply.status(status).send({ message });
  });
  app.setNotFoundHandler((request, reply) => {
    // Client routes get the app shell; the client shows its own not-found page.
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/uploads');
    if (app.sendShell && request.method === 'GET' && !isApi) return app.sendShell(request, reply);
    return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
  });
});

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any route or hook runs.
 * A path that cannot be decoded (a malformed percent-encoding) or a path parameter longer than the
 * router allows names no resource: 404 with { message } like any other.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send({ message: NOT_FOUND_MESSAGE });
    return;
  }
  request.log.error({ err: error }, 'routing failed');
  void reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
