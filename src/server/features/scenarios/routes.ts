// Scenario calls of spec section 7 ("Scenarios"). Paths are those the native wrapper calls.
// Static segments (myscenarios, userpublic, download...) win over the list's :offset in Fastify's router.
import type { FastifyInstance } from 'fastify';
import { intParam } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import {
  getUserPublicScenarios,
  getMyFavouriteScenarios,
  getUserFavouriteScenarios,
  getMyUnpostedScenarios,
  toggleFavouriteScenario,
  editScenario,
  uploadScenario,
  deleteScenario,
  downloadScenario,
  copyScenario,
  getDirectoryContents,
  getDirectoryTree,
  getScenario,
  getScenarioLibrary,
  searchScenarioLibrary,
  getMyScenarios,
  getMyScenariosInFolder,
} from '../../../shared/endpoints/scenarios.js';
import { MAX_UPLOAD_BYTES, SCENARIO_BATCH_LIMIT, SCENARIO_EXTENSIONS } from '../../../shared/limits.js';
import { INVALID_FILE_MESSAGE } from '../../../shared/schemas/scenarios.js';
import { registerUploadKind } from '../../uploads/registry.js';
import { receiveMultipartUploads } from '../../uploads/multipart.js';
import { PROCESS_JOB, REPROCESS_JOB, scenarioPortsOf, scenariosService } from './service.js';
import { isJsonHead, isZipHead } from './processor.js';

const tags = ['scenarios'];

export default async function scenarioRoutes(app: FastifyInstance) {
  const service = scenariosService(scenarioPortsOf(app));

  registerUploadKind({
    name: 'scenario',
    extensions: SCENARIO_EXTENSIONS,
    maxBytes: MAX_UPLOAD_BYTES,
    maxFiles: SCENARIO_BATCH_LIMIT,
    // DESIGN section 8: a scenario is a ZIP (PK\3\4) or a JSON document.
    sniff: (head) => (isZipHead(head) || isJsonHead(head) ? null : INVALID_FILE_MESSAGE),
    accept: (a, user, file) => scenariosService(scenarioPortsOf(a)).acceptUpload(user, file),
  });
  app.jobs.register(PROCESS_JOB, async (payload) => service.process(intParam(payload.id)));
  app.jobs.register(REPROCESS_JOB, async (payload) => service.reprocessAfter(intParam(payload.afterId)));

  // The search segment is optional: /{offset}/{count}/{age}/{condition}/{tagIds} means no search.
  for (const ep of [getScenarioLibrary, searchScenarioLibrary]) {
    route(app, ep, {
      auth: 'user',
      tags,
      summary:
        'The scenario library: public, processed scenarios by patient age and condition (-1 all), search words (comma-joined, or -1) and tag ids (comma-joined, or -1; any of them); ?language=de keeps those in that language (de, de-AT...); ?sort=rating puts the best average rating first (unrated last). Answers { total, scenarios, from, to }.',
    }, async ({ user, params, query }) => service.library(user, params, query.language || null, query.sort ?? 'newest'));
  }

  route(app, getUserPublicScenarios, {
    auth: 'user',
    tags,
    summary: "A user's public scenarios (userId is the id or uuid_id)",
  }, async ({ user, params }) => service.publicOf(user, params.userId));

  route(app, getMyFavouriteScenarios, {
    auth: 'user',
    tags,
    summary: 'My favourite scenarios, newest favourite first',
  }, async ({ user }) => service.favouritesOf(user));

  route(app, getUserFavouriteScenarios, {
    auth: 'user',
    tags,
    summary: "A user's favourite scenarios that I may see (userId is the id or uuid_id)",
  }, async ({ user, params }) => service.favouritesOf(user, params.userId));

  for (const ep of [getMyScenarios, getMyScenariosInFolder]) {
    route(app, ep, {
      auth: 'user',
      tags,
      summary: 'My scenarios, sorted by isProcessed, contributedAt or name, ASC or DESC, optionally in one of my folders (its uuid; -1 for all). Answers { total, scenarios, from, to }.',
    }, async ({ user, params }) => service.mine(user, params));
  }

  route(app, getMyUnpostedScenarios, {
    auth: 'user',
    tags,
    summary: 'My processed, readable scenarios not yet attached to a post; ?scope=feed: public ones only (a feed post), scope=group (default): my private ones too. Answers { total, scenarios, from, to }.',
  }, async ({ user, params, query }) => service.unposted(user, params.offset, params.count, query.scope === 'feed'));

  route(app, toggleFavouriteScenario, {
    auth: 'user',
    tags,
    summary: 'Add or remove a favourite (id or uuid_id); answers is_favourited and number_favourites. Send an Idempotency-Key so a replay does not toggle twice.',
  }, async ({ user, params }) => service.toggleFavourite(user, params.id));

  route(app, editScenario, {
    auth: 'user',
    tags,
    summary: 'Edit description (<= 200), patient_age, patient_condition (number or null), tags and privacy_level (owner only); answers the scenario',
  }, async ({ user, params, body }) => service.edit(user, params.id, body));

  route(app, uploadScenario, {
    auth: 'user',
    tags,
    summary: 'Multipart upload, field scenFiles (.isims .ctgi .alsi .json, 512 MB each, 100 per batch); answers { errors: [{filename, message}], successes: [{filename, uuid_id}] }',
  }, async ({ user, request }) => receiveMultipartUploads(app, request, user, { kind: 'scenario', field: 'scenFiles' }));

  route(app, deleteScenario, {
    auth: 'user',
    tags,
    summary: 'Delete my scenario and its file',
  }, async ({ user, params }) => service.remove(user, params.id));

  route(app, downloadScenario, {
    auth: 'user',
    tags,
    summary: 'A signed, expiring download URL and the file name; counts the download',
  }, async ({ user, params }) => service.download(user, params.id));

  route(app, copyScenario, {
    auth: 'user',
    tags,
    summary: 'Save a private copy (identical file) to My Scenarios; answers the copy',
  }, async ({ user, params }) => service.copy(user, params.id));

  route(app, getDirectoryContents, {
    auth: 'user',
    tags,
    summary: 'A folder of mine (its uuid): its sub-folders and scenarios',
  }, async ({ user, params }) => service.directoryContents(user, params.id));

  route(app, getDirectoryTree, {
    auth: 'user',
    tags,
    summary: 'My folder tree: [{ uuid, name, children }]',
  }, async ({ user }) => service.directoryTree(user));

  route(app, getScenario, {
    auth: 'user',
    tags,
    summary: "One scenario by id or uuid_id (404 for another user's private scenario)",
  }, async ({ user, params }) => service.get(user, params.id));
}
