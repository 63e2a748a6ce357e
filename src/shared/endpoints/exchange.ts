// Scenario exchange: licences (a default per user, one per scenario and media item) and the list of
// an owner's public items that still lack the de-identification confirmation.
import * as v from 'valibot';
import { idOrUuidParams } from '../schemas/common.js';
import { mediaItemSchema } from '../schemas/media.js';
import { scenarioSchema } from '../schemas/scenarios.js';
import { licenceSchema } from '../licences.js';
import { endpoint } from '../endpoint.js';

export const exchangeMeSchema = v.object({
  /** The licence new uploads get. */
  default_licence: v.string(),
  /** My public items made public before the confirmation existed: each needs it. */
  unconfirmed: v.array(v.object({ kind: v.picklist(['scenario', 'media']), uuid_id: v.string(), name: v.string() })),
});
export type ExchangeMe = v.InferOutput<typeof exchangeMeSchema>;

export const licenceBodySchema = v.object({ licence: licenceSchema });

/** My default licence and my public items without the de-identification confirmation. */
export const getExchangeMe = endpoint({
  method: 'GET',
  path: '/api/exchange/me',
  response: exchangeMeSchema,
});

/** Set the licence my new uploads get. */
export const setDefaultLicence = endpoint({
  method: 'PUT',
  path: '/api/exchange/me/licence',
  body: licenceBodySchema,
  response: exchangeMeSchema,
  idempotent: true,
});

/** Set the licence of my scenario (also while it is processing); a copy keeps its original's (422). */
export const setScenarioLicence = endpoint({
  method: 'PUT',
  path: '/api/exchange/scenarios/:id/licence',
  params: idOrUuidParams,
  body: licenceBodySchema,
  response: scenarioSchema,
  errors: [403],
  idempotent: true,
});

/** Set the licence of my media item (also while it is processing). */
export const setMediaLicence = endpoint({
  method: 'PUT',
  path: '/api/exchange/media/:id/licence',
  params: idOrUuidParams,
  body: licenceBodySchema,
  response: mediaItemSchema,
  idempotent: true,
});
