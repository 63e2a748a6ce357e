// Scenario exchange: licences (a default per user, one per scenario and media item) and the list of
// an owner's public items that still lack the de-identification confirmation.
import * as v from 'valibot';
import { countParam, idOrUuidParams, idParams, messageSchema, offsetParam } from '../schemas/common.js';
import { mediaItemSchema } from '../schemas/media.js';
import { scenarioDownloadSchema, scenarioSchema } from '../schemas/scenarios.js';
import { licenceSchema } from '../schemas/exchange.js';
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

// Versions: the owner uploads a new file under the same page and uuid with a change note.
export const CHANGE_NOTE_MAX = 500;
export const CHANGE_NOTE_REQUIRED_MESSAGE = `Describe what changed in this version (at most ${CHANGE_NOTE_MAX} characters).`;
export const VERSION_FILE_MESSAGE = 'Choose the scenario file of the new version.';
export const VERSION_NOT_FOUND_MESSAGE = 'Version not found';

export const scenarioVersionSchema = v.object({
  version: v.number(),
  file_name: v.string(),
  file_size: v.number(),
  /** Empty for the first version. */
  change_note: v.string(),
  created_at: v.string(),
  created_by: v.string(),
  is_current: v.boolean(),
});
export const scenarioVersionsSchema = v.object({ current: v.number(), versions: v.array(scenarioVersionSchema) });
export type ScenarioVersions = v.InferOutput<typeof scenarioVersionsSchema>;

/** The version history, newest first (the first version is listed by itself until a second arrives). */
export const getScenarioVersions = endpoint({
  method: 'GET',
  path: '/api/exchange/scenarios/:id/versions',
  params: idOrUuidParams,
  response: scenarioVersionsSchema,
});

/** Upload a new version of my scenario: multipart with the field change_note, then the file scenFile. */
export const uploadScenarioVersion = endpoint({
  method: 'POST',
  path: '/api/exchange/scenarios/:id/versions',
  params: idOrUuidParams,
  multipart: true,
  response: scenarioVersionsSchema,
  errors: [403, 409],
});

export const versionParams = v.object({
  id: idOrUuidParams.entries.id,
  version: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'The version must be a whole number'), v.transform(Number), v.minValue(1, 'The version must be at least 1')),
});

/** A signed download of one version, its file name naming the version. */
export const downloadScenarioVersion = endpoint({
  method: 'GET',
  path: '/api/exchange/scenarios/:id/versions/:version/download',
  params: versionParams,
  response: scenarioDownloadSchema,
});

// Adaptations: the public copies based on a scenario.
export const adaptationsSchema = v.object({
  adaptations: v.array(v.object({ uuid_id: v.string(), name: v.string(), author: v.string(), contributed_at: v.string() })),
});
export type Adaptations = v.InferOutput<typeof adaptationsSchema>;

/** The public adaptations of a scenario, newest first (at most 100). */
export const getScenarioAdaptations = endpoint({
  method: 'GET',
  path: '/api/exchange/scenarios/:id/adaptations',
  params: idOrUuidParams,
  response: adaptationsSchema,
});

// Reviews: a rating 1-5 and an optional short text, one per person who downloaded or favourited it.
export const REVIEW_MAX = 1000;
export const RATING_MESSAGE = 'The rating must be a whole number from 1 to 5';
export const REVIEW_LENGTH_MESSAGE = `A review can be at most ${REVIEW_MAX} characters`;
export const REVIEW_NOT_ALLOWED_MESSAGE = 'Download or favourite this scenario before you rate it.';
export const REVIEW_OWN_MESSAGE = 'You cannot rate your own scenario.';
export const REVIEW_OWN_REPORT_MESSAGE = 'You cannot report your own review.';
export const REVIEW_ALREADY_REPORTED_MESSAGE = 'You have already reported this review.';

export const reviewInputSchema = v.object({
  rating: v.pipe(v.number(RATING_MESSAGE), v.integer(RATING_MESSAGE), v.minValue(1, RATING_MESSAGE), v.maxValue(5, RATING_MESSAGE)),
  body: v.optional(v.nullable(v.pipe(v.string(REVIEW_LENGTH_MESSAGE), v.maxLength(REVIEW_MAX, REVIEW_LENGTH_MESSAGE)))),
});
export type ReviewInput = v.InferOutput<typeof reviewInputSchema>;

export const scenarioReviewSchema = v.object({
  id: v.number(),
  rating: v.number(),
  body: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  author: v.object({ uuid_id: v.string(), name: v.string() }),
  is_mine: v.boolean(),
});
export type ScenarioReview = v.InferOutput<typeof scenarioReviewSchema>;

export const scenarioReviewsSchema = v.object({
  rating_average: v.nullable(v.number()),
  rating_count: v.number(),
  /** I downloaded or favourited it and it is not mine. */
  can_review: v.boolean(),
  mine: v.nullable(scenarioReviewSchema),
  reviews: v.array(scenarioReviewSchema),
});
export type ScenarioReviews = v.InferOutput<typeof scenarioReviewsSchema>;

/** Reviews of a scenario, newest first: ?offset=&count= (20 by default, at most 100). */
export const getScenarioReviews = endpoint({
  method: 'GET',
  path: '/api/exchange/scenarios/:id/reviews',
  params: idOrUuidParams,
  query: v.object({ offset: v.optional(offsetParam), count: v.optional(countParam) }),
  response: scenarioReviewsSchema,
});

/** Rate it (and review it), or change my review: one per person. */
export const saveScenarioReview = endpoint({
  method: 'PUT',
  path: '/api/exchange/scenarios/:id/reviews/mine',
  params: idOrUuidParams,
  body: reviewInputSchema,
  response: scenarioReviewSchema,
  errors: [403],
  idempotent: true,
});

/** Delete my review. */
export const deleteScenarioReview = endpoint({
  method: 'DELETE',
  path: '/api/exchange/scenarios/:id/reviews/mine',
  params: idOrUuidParams,
  response: messageSchema,
});

/** Report another person's review, once (422 my own, 409 again). */
export const reportScenarioReview = endpoint({
  method: 'POST',
  path: '/api/exchange/reviews/:id/report',
  params: idParams,
  response: messageSchema,
  errors: [409],
});

/** An open report of a review, for the administrators' moderation screen. */
export const reportedReviewSchema = v.object({
  review: v.object({ id: v.number(), rating: v.number(), body: v.nullable(v.string()), created_at: v.string(), author: v.object({ uuid_id: v.string(), name: v.string() }) }),
  scenario: v.object({ uuid_id: v.string(), name: v.string() }),
  reported_by: v.object({ id: v.number(), name: v.string() }),
  reported_at: v.string(),
});
export type ReportedReview = v.InferOutput<typeof reportedReviewSchema>;

/** Admin: open review reports, newest first, one entry per (review, reporter). */
export const listReportedReviews = endpoint({
  method: 'GET',
  path: '/api/exchange/reviews/reported',
  response: v.array(reportedReviewSchema),
});

/** Admin: ignore one report of a review; id = the review, userId = the reporting user. */
export const ignoreReportedReview = endpoint({
  method: 'POST',
  path: '/api/exchange/reviews/:id/reports/:userId/ignore',
  params: v.object({ id: idParams.entries.id, userId: idParams.entries.id }),
  response: messageSchema,
});

/** Admin: delete a reported review (the rating leaves the scenario's average); its author is told. */
export const deleteReportedReview = endpoint({
  method: 'POST',
  path: '/api/exchange/reviews/:id/delete',
  params: idParams,
  response: messageSchema,
});
