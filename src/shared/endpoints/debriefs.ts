// TMS: student debriefs.
import { debriefInputSchema, debriefSchema, debriefListSchema } from '../schemas/debriefs.js';
import { endpoint } from '../endpoint.js';

/** Hand over a finished session: stored as a debrief of the signed-in educator who ran it */
export const submitDebrief = endpoint({
  method: 'POST',
  path: '/api/editor/debriefs',
  body: debriefInputSchema,
  status: 201,
  response: debriefSchema,
  idempotent: true,
});

export const getMyDebriefs = endpoint({
  method: 'GET',
  path: '/api/editor/DebriefsForCurrentUser',
  response: debriefListSchema,
});
