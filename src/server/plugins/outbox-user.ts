// Queued writes belong to their author: a request that names its author in
// X-Outbox-User is refused with 403 under any other user's session. Without a session the route
// answers 401 as usual. The header narrows what a session may do, it never grants anything.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-error.js';
import { OUTBOX_OTHER_USER_MESSAGE, OUTBOX_USER_HEADER } from '../../shared/outbox.js';

const HEADER = OUTBOX_USER_HEADER.toLowerCase();

export default fp(async function outboxUser(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const author = request.headers[HEADER];
    done(author !== undefined && request.user && author !== request.user.uuid_id ? forbidden(OUTBOX_OTHER_USER_MESSAGE) : undefined);
  });
});
