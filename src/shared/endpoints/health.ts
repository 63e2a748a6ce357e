// Liveness and readiness probes for load balancers and monitoring.
import { healthSchema, readySchema } from '../schemas/system.js';
import { endpoint } from '../endpoint.js';

/** Liveness and database check (at most a second old) */
export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  response: healthSchema,
  errors: [422],
});

/** Readiness: the database and the file store answer and no shutdown has begun (else 503) */
export const getReady = endpoint({
  method: 'GET',
  path: '/api/ready',
  response: readySchema,
  errors: [422, 503],
});
