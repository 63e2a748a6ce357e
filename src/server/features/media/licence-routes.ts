// The licence of a media item (shared/licences.ts), set by its owner, also while it processes.
import type { FastifyInstance } from 'fastify';
import { setMediaLicence } from '../../../shared/endpoints/exchange.js';
import { route } from '../../lib/route.js';
import { mediaPortsOf, mediaService } from './service.js';

export default async function mediaLicenceRoutes(app: FastifyInstance) {
  const media = mediaService(mediaPortsOf(app));
  route(app, setMediaLicence, {
    auth: 'user',
    tags: ['exchange'],
    summary: "Set my media item's licence (also while it processes); another user's is 404",
  }, async ({ user, params, body }) => media.setLicence(user, params.id, body.licence));
}
