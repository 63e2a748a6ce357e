// Debrief calls (TMS). GET /api/editor/DebriefsForCurrentUser is spec section 7's; the
// ingestion call POST /api/editor/debriefs is ours, for the device or the native wrapper.
import type { FastifyInstance } from 'fastify';
import { DEBRIEF_DEVICE_EXTRAS, DEBRIEF_LIMITS, DEBRIEF_LIST_LIMIT, EVENT_TYPE_MAX } from '../../../shared/schemas/debriefs.js';
import { route } from '../../lib/route.js';
import { submitDebrief, getMyDebriefs } from '../../../shared/endpoints/debriefs.js';
import { debriefsRepository } from './repository.js';
import { debriefsService } from './service.js';

export default async function debriefRoutes(app: FastifyInstance) {
  const service = debriefsService(debriefsRepository(app.db));
  const tags = ['debriefs'];

  route(app, submitDebrief, {
    auth: 'user',
    tags,
    summary: 'Hand over a finished session: stored as a debrief of the signed-in educator who ran it',
    description:
      'Body per spec section 3 (Debrief, Student, scores, event list). Send an Idempotency-Key (a UUID) so a retry never stores a second copy. ' +
      `At most ${DEBRIEF_LIMITS.bodyBytes / 1024} KiB and ${DEBRIEF_LIMITS.events} events; event types 0-${EVENT_TYPE_MAX}. ` +
      `Any other field is refused (422 naming it), except ${DEBRIEF_DEVICE_EXTRAS.join(' and ')}, which devices send beside the debrief and which are ignored.`,
    tolerate: [...DEBRIEF_DEVICE_EXTRAS],
    bodyLimit: DEBRIEF_LIMITS.bodyBytes,
  }, async ({ user, body }) => service.ingest(user, body));

  route(app, getMyDebriefs, {
    auth: 'user',
    tags,
    summary: `The debriefs the signed-in educator ran, newest first (at most ${DEBRIEF_LIST_LIMIT})`,
  }, async ({ user }) => service.forEducator(user));
}
