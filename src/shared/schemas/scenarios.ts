// Scenario validation rules (spec section 5) and the response shapes of spec section 3, shared by
// the Edit Scenario form and the API.
import * as v from 'valibot';
import { TEXT_LIMITS } from '../limits';

export const DESCRIPTION_TOO_LONG = `Description must be ${TEXT_LIMITS.scenarioDescription} characters or fewer`;
export const NOT_PUBLISHABLE_MESSAGE =
  'Add a description, patient age, patient condition and at least one tag before making this scenario public.';
export const PROCESSING_MESSAGE = 'This scenario is currently processing. please check back later.';
export const BROKEN_FILE_MESSAGE = 'We could not read this scenario file.';
export const INVALID_FILE_MESSAGE = 'This file is not a valid scenario file';

/** 0 Neonate, 1 Paediatric, 2 Adult; null when unset. */
export const patientAgeSchema = v.nullable(v.picklist([0, 1, 2], 'Patient age must be Neonate, Paediatric or Adult'));
/** 0 Stable, 1 Deteriorating, 2 Cardiac Arrest (DESIGN section 8); sent as a number or null (spec section 5). */
export const patientConditionSchema = v.nullable(
  v.picklist([0, 1, 2], 'Patient condition must be Stable, Deteriorating or Cardiac Arrest'),
);

const tagRef = v.union(
  [v.pipe(v.number(), v.integer(), v.minValue(1)), v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) })],
  'Tags must be tag ids',
);

/** PATCH /api/scenarios/edit/{id}: every field optional; absent fields stay as they are. */
export const editScenarioSchema = v.object({
  description: v.optional(
    v.pipe(v.string('Description must be text'), v.trim(), v.maxLength(TEXT_LIMITS.scenarioDescription, DESCRIPTION_TOO_LONG)),
  ),
  patient_age: v.optional(patientAgeSchema),
  patient_condition: v.optional(patientConditionSchema),
  tags: v.optional(v.pipe(v.array(tagRef, 'Tags must be a list'), v.maxLength(50, 'Too many tags'))),
  privacy_level: v.optional(v.picklist([0, 2], 'Privacy level must be 0 (private) or 2 (public)')),
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

const intString = (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.string(),
    v.regex(/^-?\d+$/, `${what} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${what} must be at least ${min}`),
    v.maxValue(max, `${what} must be at most ${max}`),
  );

/** GET /api/scenarios/{offset}/{count}/{age}/{condition}/{search?}/{tagIds} */
export const listScenariosParamsSchema = v.object({
  offset: intString('Offset', 0),
  count: intString('Count', 1, 100),
  age: v.pipe(intString('Patient age', -1, 2)),
  condition: v.pipe(intString('Patient condition', -1, 2)),
  search: v.optional(v.pipe(v.string(), v.maxLength(500, 'Search text is too long')), '-1'),
  tagIds: v.pipe(v.string(), v.regex(/^(-1|\d+(,\d+)*)$/, 'Tag ids must be -1 or comma-joined numbers')),
});

export const MY_SORT_FIELDS = ['isProcessed', 'contributedAt', 'name'] as const;
export type MySortField = (typeof MY_SORT_FIELDS)[number];

/** GET /api/scenarios/myscenarios/{offset}/{count}/{sortField}/{ASC|DESC}/{directory?} */
export const myScenariosParamsSchema = v.object({
  offset: intString('Offset', 0),
  count: intString('Count', 1, 100),
  sortField: v.picklist(MY_SORT_FIELDS, 'Sort field must be isProcessed, contributedAt or name'),
  direction: v.pipe(v.string(), v.toUpperCase(), v.picklist(['ASC', 'DESC'], 'Sort direction must be ASC or DESC')),
  directory: v.optional(v.string()),
});

export const pageParamsSchema = v.object({ offset: intString('Offset', 0), count: intString('Count', 1, 100) });

export interface ScenarioTag {
  id: number;
  title: string;
}

/** A scenario as the API answers it (spec section 3). */
export interface Scenario {
  id: number;
  uuid_id: string;
  name: string;
  description: string;
  device_id: number | null;
  patient_age: number | null;
  patient_condition: number | null;
  patient_sex: string | null;
  patient_photo_code: number | null;
  tags: ScenarioTag[];
  object_url: string;
  file_name: string;
  file_size: number;
  privacy_level: number;
  is_processed: boolean;
  is_publishable: boolean;
  /** Only for the owner: why processing failed. */
  processing_error: string | null;
  contributed_by: { id: number; uuid_id: string; first_name: string; last_name: string };
  contributed_at: string;
  number_favourites: number;
  num_downloads: number;
  unicode_language_identifier: string | null;
  duration_in_seconds: number;
  num_checklist_items: number;
  num_events: number;
  has_images: boolean;
  has_video: boolean;
  has_sounds: boolean;
  has_labs: boolean;
  is_favourited_by_current_user: boolean;
  is_ctgi: boolean;
  /** Device thumbnail (static SVG). */
  thumbnail_url: string;
  /** Patient photo (static SVG). */
  patient_photo_url: string;
  directory_uuid: string | null;
  /** The monitor's model name (spec/realiti-format.md), shown beside the device thumbnail. */
  monitor_name: string | null;
  /** What the file says beyond the library's columns (issue 14). */
  details: ScenarioDetails;
}

export interface ScenarioPage {
  total: number;
  scenarios: Scenario[];
  from: number;
  to: number;
}

export interface DirectoryNode {
  uuid: string;
  name: string;
  children: DirectoryNode[];
}

export function deviceThumbnailUrl(deviceId: number | null): string {
  return deviceId != null && deviceId >= 1 && deviceId <= 34 ? `/thumbnails/devices/${deviceId}.svg` : '/thumbnails/devices/0.svg';
}

export function patientPhotoUrl(code: number | null): string {
  return `/thumbnails/patients/${code != null && code >= 0 && code <= 106 ? code : 0}.svg`;
}

/**
 * What a scenario file says beyond the library's columns (issue 14, spec/realiti-format.md): the
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
});
export type ScenarioDetails = v.InferOutput<typeof scenarioDetailsSchema>;

/** The fields issue 14 adds to a Scenario response (for the response schema when it is written in valibot). */
export const scenarioDetailsEntries = {
  monitor_name: v.nullable(v.string()),
  details: scenarioDetailsSchema,
};
