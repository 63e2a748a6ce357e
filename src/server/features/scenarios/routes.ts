// Scenario calls of spec section 7 ("Scenarios"). Paths are those the native wrapper calls.
// Static segments (myscenarios, userpublic, download...) win over the list's :offset in Fastify's router.
import type { FastifyInstance } from 'fastify';
import { intParam } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { MAX_UPLOAD_BYTES, SCENARIO_BATCH_LIMIT, SCENARIO_EXTENSIONS } from '../../../shared/limits.js';
import { downloadLinkSchema, idOrUuidParams, messageSchema, pageParamsSchema, uploadAnswerSchema } from '../../../shared/schemas/common.js';
import {
  INVALID_FILE_MESSAGE,
  directoryContentsSchema,
  directoryParamsSchema,
  directoryTreeSchema,
  editScenarioSchema,
  libraryQuerySchema,
  listScenariosParamsSchema,
  myScenariosParamsSchema,
  scenarioFavouriteSchema,
  scenarioListSchema,
  scenarioPageSchema,
  scenarioSchema,
  userRefParamsSchema,
  unpostedQuerySchema,
} from '../../../shared/schemas/scenarios.js';
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
  for (const url of ['/api/scenarios/:offset/:count/:age/:condition/:tagIds', '/api/scenarios/:offset/:count/:age/:condition/:search/:tagIds']) {
    route(app, {
      method: 'GET',
      url,
      auth: 'user',
      tags,
      summary:
        'The scenario library: public, processed scenarios by patient age and condition (-1 all), search words (comma-joined, or -1) and tag ids (comma-joined, or -1; any of them); ?language=de keeps those in that language (de, de-AT...). Answers { total, scenarios, from, to }.',
      params: listScenariosParamsSchema,
      query: libraryQuerySchema,
      response: scenarioPageSchema,
    }, async ({ user, params, query }) => service.library(user, params, query.language || null));
  }

  route(app, {
    method: 'GET',
    url: '/api/scenarios/userpublic/:userId',
    auth: 'user',
    tags,
    summary: "A user's public scenarios (userId is the id or uuid_id)",
    params: userRefParamsSchema,
    response: scenarioListSchema,
  }, async ({ user, params }) => service.publicOf(user, params.userId));

  route(app, {
    method: 'GET',
    url: '/api/scenarios/myfavourites',
    auth: 'user',
    tags,
    summary: 'My favourite scenarios, newest favourite first',
    response: scenarioListSchema,
  }, async ({ user }) => service.favouritesOf(user));

  route(app, {
    method: 'GET',
    url: '/api/scenarios/userfavourites/:userId',
    auth: 'user',
    tags,
    summary: "A user's favourite scenarios that I may see (userId is the id or uuid_id)",
    params: userRefParamsSchema,
    response: scenarioListSchema,
  }, async ({ user, params }) => service.favouritesOf(user, params.userId));

  for (const url of ['/api/scenarios/myscenarios/:offset/:count/:sortField/:direction', '/api/scenarios/myscenarios/:offset/:count/:sortField/:direction/:directory']) {
    route(app, {
      method: 'GET',
      url,
      auth: 'user',
      tags,
      summary: 'My scenarios, sorted by isProcessed, contributedAt or name, ASC or DESC, optionally in one of my folders (its uuid; -1 for all). Answers { total, scenarios, from, to }.',
      params: myScenariosParamsSchema,
      response: scenarioPageSchema,
    }, async ({ user, params }) => service.mine(user, params));
  }

  route(app, {
    method: 'GET',
    url: '/api/scenarios/myunpostedscenarios/:offset/:count',
    auth: 'user',
    tags,
    summary: 'My processed, readable scenarios not yet attached to a post; ?scope=feed: public ones only (a feed post), scope=group (default): my private ones too. Answers { total, scenarios, from, to }.',
    params: pageParamsSchema,
    query: unpostedQuerySchema,
    response: scenarioPageSchema,
  }, async ({ user, params, query }) => service.unposted(user, params.offset, params.count, query.scope === 'feed'));

  route(app, {
    method: 'POST',
    url: '/api/scenarios/togglefavourite/:id',
    auth: 'user',
    tags,
    summary: 'Add or remove a favourite (id or uuid_id); answers is_favourited and number_favourites. Send an Idempotency-Key so a replay does not toggle twice.',
    params: idOrUuidParams,
    idempotent: true,
    response: scenarioFavouriteSchema,
  }, async ({ user, params }) => service.toggleFavourite(user, params.id));

  route(app, {
    method: 'PATCH',
    url: '/api/scenarios/edit/:id',
    auth: 'user',
    tags,
    summary: 'Edit description (<= 200), patient_age, patient_condition (number or null), tags and privacy_level (owner only); answers the scenario',
    params: idOrUuidParams,
    body: editScenarioSchema,
    errors: [403],
    response: scenarioSchema,
  }, async ({ user, params, body }) => service.edit(user, params.id, body));

  route(app, {
    method: 'POST',
    url: '/api/scenarios/upload',
    auth: 'user',
    tags,
    summary: 'Multipart upload, field scenFiles (.isims .ctgi .alsi .json, 512 MB each, 100 per batch); answers { errors: [{filename, message}], successes: [{filename, uuid_id}] }',
    multipart: true,
    idempotent: true,
    response: uploadAnswerSchema,
  }, async ({ user, request }) => receiveMultipartUploads(app, request, user, { kind: 'scenario', field: 'scenFiles' }));

  route(app, {
    method: 'DELETE',
    url: '/api/scenarios/delete/:id',
    auth: 'user',
    tags,
    summary: 'Delete my scenario and its file',
    params: idOrUuidParams,
    errors: [403],
    response: messageSchema,
  }, async ({ user, params }) => service.remove(user, params.id));

  route(app, {
    method: 'GET',
    url: '/api/scenarios/download/:id',
    auth: 'user',
    tags,
    summary: 'A signed, expiring download URL and the file name; counts the download',
    params: idOrUuidParams,
    response: downloadLinkSchema,
  }, async ({ user, params }) => service.download(user, params.id));

  route(app, {
    method: 'POST',
    url: '/api/scenarios/copy/:id',
    auth: 'user',
    tags,
    summary: 'Save a private copy (identical file) to My Scenarios; answers the copy',
    params: idOrUuidParams,
    idempotent: true,
    response: scenarioSchema,
  }, async ({ user, params }) => service.copy(user, params.id));

  route(app, {
    method: 'GET',
    url: '/api/scenarios/GetDirectoryContents/:id',
    auth: 'user',
    tags,
    summary: 'A folder of mine (its uuid): its sub-folders and scenarios',
    params: directoryParamsSchema,
    response: directoryContentsSchema,
  }, async ({ user, params }) => service.directoryContents(user, params.id));

  route(app, {
    method: 'GET',
    url: '/api/scenarios/GetDirectoryTree',
    auth: 'user',
    tags,
    summary: 'My folder tree: [{ uuid, name, children }]',
    response: directoryTreeSchema,
  }, async ({ user }) => service.directoryTree(user));

  route(app, {
    method: 'GET',
    url: '/api/scenarios/:id',
    auth: 'user',
    tags,
    summary: "One scenario by id or uuid_id (404 for another user's private scenario)",
    params: idOrUuidParams,
    response: scenarioSchema,
  }, async ({ user, params }) => service.get(user, params.id));
}
