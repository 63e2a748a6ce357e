import type { FastifyRequest } from 'fastify';
import { distributorFromHost } from '../../shared/enums.js';

/** X-distributor-id (1, 2 or 3) when sent, otherwise derived from the host (spec section 1). */
export function distributorOf(request: FastifyRequest, productHost: string): number {
  const header = Number(request.headers['x-distributor-id']);
  if ([1, 2, 3].includes(header)) return header;
  return distributorFromHost(request.headers.host ?? '', productHost);
}
