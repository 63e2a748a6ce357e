// The site settings every screen reads.
import { siteSchema } from '../schemas/site.js';
import { endpoint } from '../endpoint.js';

/** Site settings: webEditorUrl (WEB_EDITOR_URL, null when not configured) and supportOffices (SUPPORT_OFFICES) */
export const getSite = endpoint({
  method: 'GET',
  path: '/api/site',
  response: siteSchema,
});
