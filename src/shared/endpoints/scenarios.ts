// The scenarios calls (spec section 7).
import { libraryQuerySchema, listScenariosParamsSchema, myScenariosParamsSchema, userRefParamsSchema, scenarioListSchema, unpostedQuerySchema, scenarioPageSchema, scenarioFavouriteSchema, editScenarioSchema, scenarioSchema, directoryParamsSchema, directoryContentsSchema, directoryTreeSchema, scenarioDownloadSchema } from '../schemas/scenarios.js';
import { pageParamsSchema, idOrUuidParams, uploadAnswerSchema, messageSchema } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** A user's public scenarios (userId is the id or uuid_id) */
export const getUserPublicScenarios = endpoint({
  method: 'GET',
  path: '/api/scenarios/userpublic/:userId',
  params: userRefParamsSchema,
  response: scenarioListSchema,
});

/** My favourite scenarios, newest favourite first */
export const getMyFavouriteScenarios = endpoint({
  method: 'GET',
  path: '/api/scenarios/myfavourites',
  response: scenarioListSchema,
});

/** A user's favourite scenarios that I may see (userId is the id or uuid_id) */
export const getUserFavouriteScenarios = endpoint({
  method: 'GET',
  path: '/api/scenarios/userfavourites/:userId',
  params: userRefParamsSchema,
  response: scenarioListSchema,
});

/** My processed, readable scenarios not yet attached to a post; ?scope=feed: public ones only (a feed post), scope=group (default): my private ones too. Answers { total, scenarios, from, to }. */
export const getMyUnpostedScenarios = endpoint({
  method: 'GET',
  path: '/api/scenarios/myunpostedscenarios/:offset/:count',
  params: pageParamsSchema,
  query: unpostedQuerySchema,
  response: scenarioPageSchema,
});

/** Add or remove a favourite (id or uuid_id); answers is_favourited and number_favourites. Send an Idempotency-Key so a replay does not toggle twice. */
export const toggleFavouriteScenario = endpoint({
  method: 'POST',
  path: '/api/scenarios/togglefavourite/:id',
  params: idOrUuidParams,
  idempotent: true,
  response: scenarioFavouriteSchema,
});

/** Edit description (<= 200), patient_age, patient_condition (number or null), tags and privacy_level (owner only); answers the scenario */
export const editScenario = endpoint({
  method: 'PATCH',
  path: '/api/scenarios/edit/:id',
  params: idOrUuidParams,
  body: editScenarioSchema,
  errors: [403],
  response: scenarioSchema,
});

/** Multipart upload, field scenFiles (.isims .ctgi .alsi .json, 512 MB each, 100 per batch); answers { errors: [{filename, message}], successes: [{filename, uuid_id}] } */
export const uploadScenario = endpoint({
  method: 'POST',
  path: '/api/scenarios/upload',
  multipart: true,
  idempotent: true,
  response: uploadAnswerSchema,
});

/** Delete my scenario and its file */
export const deleteScenario = endpoint({
  method: 'DELETE',
  path: '/api/scenarios/delete/:id',
  params: idOrUuidParams,
  errors: [403],
  response: messageSchema,
});

/** A signed, expiring download URL and the file name; counts the download */
export const downloadScenario = endpoint({
  method: 'GET',
  path: '/api/scenarios/download/:id',
  params: idOrUuidParams,
  response: scenarioDownloadSchema,
});

/** Save a private copy (identical file) to My Scenarios; answers the copy */
export const copyScenario = endpoint({
  method: 'POST',
  path: '/api/scenarios/copy/:id',
  params: idOrUuidParams,
  idempotent: true,
  response: scenarioSchema,
});

/** A folder of mine (its uuid): its sub-folders and scenarios */
export const getDirectoryContents = endpoint({
  method: 'GET',
  path: '/api/scenarios/GetDirectoryContents/:id',
  params: directoryParamsSchema,
  response: directoryContentsSchema,
});

/** My folder tree: [{ uuid, name, children }] */
export const getDirectoryTree = endpoint({
  method: 'GET',
  path: '/api/scenarios/GetDirectoryTree',
  response: directoryTreeSchema,
});

/** One scenario by id or uuid_id (404 for another user's private scenario) */
export const getScenario = endpoint({
  method: 'GET',
  path: '/api/scenarios/:id',
  params: idOrUuidParams,
  response: scenarioSchema,
});

/** The scenario library by patient age, condition and tag ids (-1: all); no search words. */
export const getScenarioLibrary = endpoint({
  method: 'GET',
  path: '/api/scenarios/:offset/:count/:age/:condition/:tagIds',
  params: listScenariosParamsSchema,
  query: libraryQuerySchema,
  response: scenarioPageSchema,
});

/** The scenario library with search words (comma-joined, or -1). */
export const searchScenarioLibrary = endpoint({
  method: 'GET',
  path: '/api/scenarios/:offset/:count/:age/:condition/:search/:tagIds',
  params: listScenariosParamsSchema,
  query: libraryQuerySchema,
  response: scenarioPageSchema,
});

/** My scenarios, sorted, in all my folders. */
export const getMyScenarios = endpoint({
  method: 'GET',
  path: '/api/scenarios/myscenarios/:offset/:count/:sortField/:direction',
  params: myScenariosParamsSchema,
  response: scenarioPageSchema,
});

/** My scenarios, sorted, in one of my folders (its uuid; -1 for all). */
export const getMyScenariosInFolder = endpoint({
  method: 'GET',
  path: '/api/scenarios/myscenarios/:offset/:count/:sortField/:direction/:directory',
  params: myScenariosParamsSchema,
  response: scenarioPageSchema,
});
