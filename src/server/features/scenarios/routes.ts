// Scenario calls of spec section 7 ("Scenarios"). Paths are those the native wrapper calls.
// Static segments (myscenarios, userpublic, download...) win over the list's :offset in Fastify's router.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { intParam, parse } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/session.js';
import { MAX_UPLOAD_BYTES, SCENARIO_BATCH_LIMIT, SCENARIO_EXTENSIONS } from '../../../shared/limits.js';
import {
  INVALID_FILE_MESSAGE,
  editScenarioSchema,
  listScenariosParamsSchema,
  myScenariosParamsSchema,
  pageParamsSchema,
} from '../../../shared/schemas/scenarios.js';
import { registerUploadKind } from '../../uploads/registry.js';
import { receiveMultipartUploads } from '../../uploads/multipart.js';
import { PROCESS_JOB, REPROCESS_JOB, scenariosService } from './service.js';
import { isJsonHead, isZipHead } from './processor.js';

const tags = ['scenarios'];
const idParams = { type: 'object', properties: { id: { type: 'string', description: 'numeric id or uuid_id' } } };

const scenarioPage = {
  type: 'object',
  properties: { total: { type: 'integer' }, scenarios: { type: 'array', items: { type: 'object', additionalProperties: true } }, from: { type: 'integer' }, to: { type: 'integer' } },
};

export default async function scenarioRoutes(app: FastifyInstance) {
  const service = scenariosService(app);

  registerUploadKind({
    name: 'scenario',
    extensions: SCENARIO_EXTENSIONS,
    maxBytes: MAX_UPLOAD_BYTES,
    maxFiles: SCENARIO_BATCH_LIMIT,
    // DESIGN section 8: a scenario is a ZIP (PK\3\4) or a JSON document.
    sniff: (head) => (isZipHead(head) || isJsonHead(head) ? null : INVALID_FILE_MESSAGE),
    accept: (a, user, file) => scenariosService(a).acceptUpload(user, file),
  });
  app.jobs.register(PROCESS_JOB, async (payload) => service.process(intParam(payload.id)));
  app.jobs.register(REPROCESS_JOB, async (payload) => service.reprocessAfter(intParam(payload.afterId)));

  const user = (request: FastifyRequest) => currentUser(request);
  const auth = { preHandler: app.requireUser };

  const list = async (request: FastifyRequest) => {
    const p = parse(listScenariosParamsSchema, request.params);
    const words = p.search === '-1' ? [] : p.search.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
    const tagIds = p.tagIds === '-1' ? [] : p.tagIds.split(',').map(Number);
    return service.library(user(request), { offset: p.offset, count: p.count, age: p.age, condition: p.condition, words, tagIds });
  };
  const listSchema = {
    tags,
    summary: 'The scenario library: public scenarios by patient age, condition (-1 all), search words (comma-joined or -1) and tag ids (comma-joined or -1)',
    response: { 200: scenarioPage },
  };
  app.get('/api/scenarios/:offset/:count/:age/:condition/:tagIds', { ...auth, schema: listSchema }, list);
  app.get('/api/scenarios/:offset/:count/:age/:condition/:search/:tagIds', { ...auth, schema: listSchema }, list);

  app.get('/api/scenarios/userpublic/:userId', { ...auth, schema: { tags, summary: "A user's public scenarios" } }, async (request) =>
    service.publicOf(user(request), (request.params as { userId: string }).userId),
  );

  app.get('/api/scenarios/myfavourites', { ...auth, schema: { tags, summary: 'My favourite scenarios' } }, async (request) => service.favouritesOf(user(request)));

  app.get('/api/scenarios/userfavourites/:userId', { ...auth, schema: { tags, summary: "A user's favourite scenarios that I may see" } }, async (request) =>
    service.favouritesOf(user(request), (request.params as { userId: string }).userId),
  );

  const mine = async (request: FastifyRequest) => {
    const p = parse(myScenariosParamsSchema, request.params);
    return service.mine(user(request), p.sortField, p.direction as 'ASC' | 'DESC', p.directory, p.offset, p.count);
  };
  const mineSchema = { tags, summary: 'My scenarios, sorted by isProcessed, contributedAt or name, ASC or DESC, optionally in one folder (uuid)', response: { 200: scenarioPage } };
  app.get('/api/scenarios/myscenarios/:offset/:count/:sortField/:direction', { ...auth, schema: mineSchema }, mine);
  app.get('/api/scenarios/myscenarios/:offset/:count/:sortField/:direction/:directory', { ...auth, schema: mineSchema }, mine);

  app.get('/api/scenarios/myunpostedscenarios/:offset/:count', { ...auth, schema: { tags, summary: 'My processed scenarios not yet attached to a post', response: { 200: scenarioPage } } }, async (request) => {
    const p = parse(pageParamsSchema, request.params);
    return service.unposted(user(request), p.offset, p.count);
  });

  app.post('/api/scenarios/togglefavourite/:id', { ...auth, config: { idempotent: true }, schema: { tags, summary: 'Add or remove a favourite; answers is_favourited and number_favourites', params: idParams } }, async (request) =>
    service.toggleFavourite(user(request), (request.params as { id: string }).id),
  );

  app.patch('/api/scenarios/edit/:id', { ...auth, schema: { tags, summary: 'Edit description (<= 200), patient_age, patient_condition (number or null), tags and privacy_level (owner only)', params: idParams } }, async (request) => {
    const body = parse(editScenarioSchema, request.body);
    return service.edit(user(request), (request.params as { id: string }).id, body);
  });

  app.post('/api/scenarios/upload', { ...auth, config: { idempotent: true }, schema: { tags, summary: 'Multipart upload, field scenFiles (.isims .ctgi .alsi .json, 512 MB each, 100 per batch); answers errors and successes', consumes: ['multipart/form-data'] } }, async (request) =>
    receiveMultipartUploads(app, request, user(request), { kind: 'scenario', field: 'scenFiles' }),
  );

  app.delete('/api/scenarios/delete/:id', { ...auth, schema: { tags, summary: 'Delete my scenario', params: idParams } }, async (request) =>
    service.remove(user(request), (request.params as { id: string }).id),
  );

  app.get('/api/scenarios/download/:id', { ...auth, schema: { tags, summary: 'A signed, expiring download URL and the file name; counts the download', params: idParams } }, async (request) =>
    service.download(user(request), (request.params as { id: string }).id),
  );

  app.post('/api/scenarios/copy/:id', { ...auth, config: { idempotent: true }, schema: { tags, summary: 'Save a private copy (identical file) to My Scenarios', params: idParams } }, async (request) =>
    service.copy(user(request), (request.params as { id: string }).id),
  );

  app.get('/api/scenarios/GetDirectoryContents/:id', { ...auth, schema: { tags, summary: 'A folder of mine: its sub-folders and scenarios', params: idParams } }, async (request) =>
    service.directoryContents(user(request), (request.params as { id: string }).id),
  );

  app.get('/api/scenarios/GetDirectoryTree', { ...auth, schema: { tags, summary: 'My folder tree: [{ uuid, name, children }]' } }, async (request) => service.directoryTree(user(request)));

  app.get('/api/scenarios/:id', { ...auth, schema: { tags, summary: 'One scenario by id or uuid_id (404 for another user\'s private scenario)', params: idParams } }, async (request) =>
    service.get(user(request), (request.params as { id: string }).id),
  );
}
