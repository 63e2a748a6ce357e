// GET /api/site: settings the client reads at run time, so one build serves any
// deployment: the web editor's address (null when none) and the support offices.
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { getSite } from '../../../shared/endpoints/site.js';

export default async function siteRoutes(app: FastifyInstance) {
  const site = { webEditorUrl: app.config.webEditorUrl || null, supportOffices: app.config.supportOffices };
  route(app, getSite, {
    auth: 'user',
    tags: ['site'],
    summary: "Site settings: webEditorUrl (WEB_EDITOR_URL, null when not configured) and supportOffices (SUPPORT_OFFICES)",
  }, async () => site);
}
