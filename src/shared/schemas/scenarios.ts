// Scenario validation rules (spec section 5) and the response shapes of spec section 3, shared by
// the Edit Scenario form and the API.
import * as v from 'valibot';
import { TEXT_LIMITS } from '../limits.js';
import { attributionSchema, licenceSchema, publicConfirmationSchema } from './exchange.js';
import { MAX_ID, NOT_FOUND_MESSAGE, bodyIdSchema, countParam, idOrUuidParam, intString, offsetParam, userRefSchema, tagSchema } from './common.js';

export const DESCRIPTION_TOO_LONG = `Description must be ${TEXT_LIMITS.scenarioDescription} characters or fewer`;
export const NOT_PUBLISHABLE_MESSAGE =
  'Add a description, patient age, patient condition and at least one tag before making this scenario public.';
export const PROCESSING_MESSAGE = 'This scenario is currently processing. please check back later.';
export const BROKEN_FILE_MESSAGE = 'We could not read this scenario file.';
export const INVALID_FILE_MESSAGE = 'This file is not a valid scenario file';
export const TAG_REF_MESSAGE = 'Tags must be tag ids';
export const TAG_IDS_MESSAGE = 'Tag ids must be -1 or comma-joined numbers';

/** 0 Neonate, 1 Paediatric, 2 Adult; null when unset. */
export const patientAgeSchema = v.nullable(v.picklist([0, 1, 2], 'Patient age must be Neonate, Paediatric or Adult'));
/** 0 Stable, 1 Deteriorating, 2 Cardiac Arrest (DESIGN section 8); sent as a number or null (spec section 5). */
export const patientConditionSchema = v.nullable(
  v.picklist([0, 1, 2], 'Patient condition must be Stable, Deteriorating or Cardiac Arrest'),
);

const tagRef = v.union([bodyIdSchema(TAG_REF_MESSAGE), v.object({ id: bodyIdSchema(TAG_REF_MESSAGE) })], TAG_REF_MESSAGE);

/** PATCH /api/scenarios/edit/{id}: every field optional; absent fields stay as they are. */
/** A scenario's language: a Unicode language identifier ('en', 'de-AT', 'pt_BR'). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
export const LANGUAGE_TAG_MESSAGE = 'Language must be a language code such as en or de-AT';

export const editScenarioSchema = v.object({
  description: v.optional(
    v.pipe(v.string('Description must be text'), v.trim(), v.maxLength(TEXT_LIMITS.scenarioDescription, DESCRIPTION_TOO_LONG)),
  ),
  patient_age: v.optional(patientAgeSchema),
  patient_condition: v.optional(patientConditionSchema),
  tags: v.optional(v.pipe(v.array(tagRef, 'Tags must be a list'), v.maxLength(50, 'Too many tags'))),
  privacy_level: v.optional(v.picklist([0, 2], 'Privacy level must be 0 (private) or 2 (public)')),
  /** shared/licences.ts; a copy keeps its original's. */
  licence: v.optional(licenceSchema),
  /** Making it public needs this once: no real patient can be identified, and the owner holds the rights. */
  confirm_deidentified: v.optional(v.boolean('The confirmation must be true or false')),
  /** The scenario's language ('de', 'en-AU'); null or '' clears it. */
  unicode_language_identifier: v.optional(
    v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.regex(LANGUAGE_TAG, LANGUAGE_TAG_MESSAGE))], LANGUAGE_TAG_MESSAGE)),
  ),
});
export type EditScenarioInput = v.InferInput<typeof editScenarioSchema>;

/** The Edit Scenario form (selects give strings; '' means unset). */
export const editScenarioFormSchema = v.object({
  description: v.pipe(v.string(), v.maxLength(TEXT_LIMITS.scenarioDescription, DESCRIPTION_TOO_LONG)),
  patient_age: v.string(),
  patient_condition: v.string(),
  tags: v.array(v.number()),
});
export type EditScenarioForm = v.InferOutput<typeof editScenarioFormSchema>;

/** Comma-joined tag ids in a path, or -1 for none; ids beyond the id range name no tag. */
const tagIdsParam = v.pipe(
  v.string(),
  v.regex(/^(-1|\d{1,10}(,\d{1,10})*)$/, TAG_IDS_MESSAGE),
  v.transform((s) => (s === '-1' ? [] : [...new Set(s.split(',').map(Number))])),
  v.check((ids) => ids.every((n) => n <= MAX_ID), TAG_IDS_MESSAGE),
);

/** GET /api/scenarios/{offset}/{count}/{age}/{condition}/{search?}/{tagIds} */
export const listScenariosParamsSchema = v.object({
  offset: offsetParam,
  count: countParam,
  age: intString('Patient age', -1, 2),
  condition: intString('Patient condition', -1, 2),
  /** Comma-joined search words, or -1 for none. */
  search: v.optional(v.pipe(v.string(), v.maxLength(500, 'Search text is too long')), '-1'),
  tagIds: tagIdsParam,
});
export type ListScenariosParams = v.InferOutput<typeof listScenariosParamsSchema>;

export const MY_SORT_FIELDS = ['isProcessed', 'contributedAt', 'name'] as const;
export type MySortField = (typeof MY_SORT_FIELDS)[number];

/** GET /api/scenarios/myscenarios/{offset}/{count}/{sortField}/{ASC|DESC}/{directory?} */
export const myScenariosParamsSchema = v.object({
  offset: offsetParam,
  count: countParam,
  sortField: v.picklist(MY_SORT_FIELDS, 'Sort field must be isProcessed, contributedAt or name'),
  direction: v.pipe(v.string(), v.toUpperCase(), v.picklist(['ASC', 'DESC'], 'Sort direction must be ASC or DESC')),
  /** A folder's uuid; -1 (or none) for every folder. */
  directory: v.optional(v.pipe(v.string(), v.maxLength(200, NOT_FOUND_MESSAGE))),
});
export type MyScenariosParams = v.InferOutput<typeof myScenariosParamsSchema>;

/** A user named by id or uuid_id in a path. */
export const userRefParamsSchema = v.object({ userId: idOrUuidParam });

/** A folder named by its uuid; a folder that is not the caller's is 404. */
export const directoryParamsSchema = v.object({ id: v.pipe(v.string(NOT_FOUND_MESSAGE), v.maxLength(200, NOT_FOUND_MESSAGE)) });

/**
 * What a scenario file says beyond the library's columns(spec/realiti-format.md): the
 * patient's age with its unit, name and complaint, the events in order with their trend times, and
 * the checklist titles. Empty for a file that says none of it.
 */
export const scenarioDetailsSchema = v.object({
  scenario_type: v.nullable(v.string()),
  patient_name: v.nullable(v.string()),
  patient_age_value: v.nullable(v.number()),
  /** years, months, weeks or days */
  patient_age_unit: v.nullable(v.string()),
  /** REALITi's free-text patientCondition (not the 0/1/2 patient_condition). */
  patient_complaint: v.nullable(v.string()),
  /** In the file's order; trend_time: seconds to trend from the previous state. */
  events: v.array(v.object({ name: v.string(), trend_time: v.nullable(v.number()) })),
  checklist: v.array(v.string()),
  /** REALITi's scenarioStory in full (the description holds at most 200 characters of it); absent in copies kept offline before it was read. */
  story: v.optional(v.nullable(v.object({ history: v.nullable(v.string()), course: v.nullable(v.string()), discussion: v.nullable(v.string()) }))),
});
export type ScenarioDetails = v.InferOutput<typeof scenarioDetailsSchema>;

/** The fields a scenario file adds to a Scenario response (for the response schema when it is written in valibot). */
export const scenarioDetailsEntries = {
  monitor_name: v.nullable(v.string()),
  details: scenarioDetailsSchema,
};

/**
 * The post attach picker (myunpostedscenarios): ?scope=feed offers only public scenarios (a feed post
 * may attach nothing else); scope=group, the default, adds my private ones.
 */
/** The library's query: ?language=de lists the scenarios in German (de, de-AT, de-CH...). */
export const LIBRARY_SORTS = ['newest', 'rating'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const libraryQuerySchema = v.object({
  /** newest (default) or rating: the best average first, unrated last. */
  sort: v.optional(v.picklist(LIBRARY_SORTS, 'The sort must be newest or rating')),
  language: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(LANGUAGE_TAG, LANGUAGE_TAG_MESSAGE))], LANGUAGE_TAG_MESSAGE)),
});

export const unpostedQuerySchema = v.object({ scope: v.optional(v.picklist(['feed', 'group'], 'The scope must be feed or group'), 'group') });

/** A scenario as the API answers it (spec section 3). */
export const scenarioSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  name: v.string(),
  description: v.string(),
  device_id: v.nullable(v.number()),
  patient_age: v.nullable(v.number()),
  patient_condition: v.nullable(v.number()),
  patient_sex: v.nullable(v.string()),
  patient_photo_code: v.nullable(v.number()),
  tags: v.array(tagSchema),
  /** The storage path; its suffix (.ctgi) marks a CTGi scenario (spec section 1). */
  object_url: v.string(),
  file_name: v.string(),
  file_size: v.number(),
  /** 0 private, 2 public */
  privacy_level: v.number(),
  is_processed: v.boolean(),
  is_publishable: v.boolean(),
  /** Only for the owner: why processing failed. */
  processing_error: v.nullable(v.string()),
  contributed_by: userRefSchema,
  contributed_at: v.string(),
  number_favourites: v.number(),
  num_downloads: v.number(),
  unicode_language_identifier: v.nullable(v.string()),
  duration_in_seconds: v.number(),
  num_checklist_items: v.number(),
  num_events: v.number(),
  has_images: v.boolean(),
  has_video: v.boolean(),
  has_sounds: v.boolean(),
  has_labs: v.boolean(),
  is_favourited_by_current_user: v.boolean(),
  is_ctgi: v.boolean(),
  /** Device thumbnail (static SVG). */
  thumbnail_url: v.string(),
  /** Patient photo (static SVG). */
  patient_photo_url: v.string(),
  /** Only for the owner: the folder it is in. */
  directory_uuid: v.nullable(v.string()),
  ...scenarioDetailsEntries,
  /** shared/licences.ts */
  licence: v.string(),
  /** A copy: the work it is based on ('Based on X by Y'). */
  based_on: v.nullable(attributionSchema),
  /** The owner may edit it (false for a copy whose licence forbids adaptation). */
  is_adaptable: v.boolean(),
  /** Only for the owner: who confirmed de-identification when making it public, and when. */
  public_confirmation: v.nullable(publicConfirmationSchema),
  /** Adaptations of it: public ones, and the viewer's own. */
  num_adaptations: v.number(),
  /** The current version's number (1, then one more with each new version its owner uploads). */
  version: v.number(),
  /** The average rating (1-5, one decimal) of its reviews; null while it has none. */
  rating_average: v.nullable(v.number()),
  rating_count: v.number(),
});
export type Scenario = v.InferOutput<typeof scenarioSchema>;

export const scenarioListSchema = v.array(scenarioSchema);

/** A scenario's download: the signed URL and file name, the version it is, and its attribution. */
export const scenarioDownloadSchema = v.object({
  url: v.string(),
  fileName: v.string(),
  version: v.number(),
  /** 'Name by Author, licence (its text), /scenario/uuid': kept with the file wherever it goes. */
  attribution: v.string(),
});
export type ScenarioDownload = v.InferOutput<typeof scenarioDownloadSchema>;

/** A page of a list: total matches, the page, and the 1-based positions shown (0/offset when empty). */
export const scenarioPageSchema = v.object({ total: v.number(), scenarios: scenarioListSchema, from: v.number(), to: v.number() });
export type ScenarioPage = v.InferOutput<typeof scenarioPageSchema>;

/** POST /api/scenarios/togglefavourite/{id} */
export const scenarioFavouriteSchema = v.object({ is_favourited: v.boolean(), number_favourites: v.number() });
export type ScenarioFavourite = v.InferOutput<typeof scenarioFavouriteSchema>;

/**
 * A folder and its sub-folders (GET /api/scenarios/GetDirectoryTree answers a list of these). The
 * type is written out because it is recursive; the schema leaves `children` open so the generated
 * JSON schema needs no $ref into definitions the OpenAPI document does not have.
 */
export interface DirectoryNode {
  uuid: string;
  name: string;
  children: DirectoryNode[];
}
export const directoryNodeSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  children: v.pipe(v.array(v.unknown()), v.description('Sub-folders, each { uuid, name, children }')),
});
export const directoryTreeSchema = v.array(directoryNodeSchema);

/** GET /api/scenarios/GetDirectoryContents/{id} */
export const directoryContentsSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  parent_uuid: v.nullable(v.string()),
  directories: v.array(v.object({ uuid: v.string(), name: v.string() })),
  scenarios: scenarioListSchema,
});
export type DirectoryContents = v.InferOutput<typeof directoryContentsSchema>;

export function deviceThumbnailUrl(deviceId: number | null): string {
  return deviceId != null && deviceId >= 1 && deviceId <= 34 ? `/thumbnails/devices/${deviceId}.svg` : '/thumbnails/devices/0.svg';
}

export function patientPhotoUrl(code: number | null): string {
  return `/thumbnails/patients/${code != null && code >= 0 && code <= 106 ? code : 0}.svg`;
}