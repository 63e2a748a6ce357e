// The 'scenario.process' job: reads a stored scenario file and fills in its metadata.
//
// A scenario is a JSON document, stored either bare (.json) or inside a ZIP archive (.isims for
// REALITi, .alsi for ALSi, .ctgi for CTGi) as `scenario.json` at the archive root (else the first
// *.json entry), next to its media files. Two shapes are read (DESIGN section 8):
//
// 1. REALITi's own export keys (spec/realiti-format.md), which real files use:
//      scenarioName -> name (else the file name), scenarioTime -> duration_in_seconds,
//      scenarioMonitorType -> device_id and the monitor's model name, scenarioStory.history -> the
//      description when the file has none (at most 200 characters), patientInformation
//      (patientAgeCategory REALITi 0 adult / 1 paediatric / 2 neonate -> patient_age 2 / 1 / 0, else
//      derived from patientAge + patientAgeUnit; patientSex 1 male 2 female; patientPhotoId -> the
//      photo code; patientCondition is free text, kept as the complaint, never patient_condition),
//      scenarioEvents -> num_events and the events (name, trendTime) in order, checklist ->
//      num_checklist_items and the titles, labs -> has_labs, media -> has_images/has_video/has_sounds
//      from `type` or the file extension. scenarioId, scenarioType, scenarioVersion, the defib
//      defaults, isDemo, isALSILegacy and the patient's name, height, weight and admission are kept.
//    Unknown keys are ignored, numbers may come as strings, and any section may be missing.
//
// 2. Our own documented shape (still accepted):
//   {
//     "format": "realiti-scenario", "version": 1,
//     "name": "Anaphylaxis in the dental chair",
//     "description": "Short summary shown in the library (max 200 characters)",
//     "language": "en-AU",                              -> unicode_language_identifier
//     "monitor": { "deviceId": 12, "name": "..." },     -> device_id (1-34; see the device thumbnails)
//     "patient": { "ageClass": 2, "sex": "female", "photoCode": 57, "condition": 1 },
//                 ageClass 0 Neonate, 1 Paediatric, 2 Adult; condition 0 Stable, 1 Deteriorating, 2 Cardiac Arrest
//     "durationSeconds": 900,                           -> duration_in_seconds (0 = no time limit)
//     "events":    [ { "time": 0, "title": "Patient arrives" } ],   -> num_events
//     "checklist": [ { "title": "Gives adrenaline IM" } ],          -> num_checklist_items
//     "media":     [ { "type": "image" | "video" | "sound", "file": "media/rash.png" } ],
//     "labs":      [ { "name": "Lactate", "value": "4.2", "unit": "mmol/L" } ]          -> has_labs
//   }
//
// Media entries in the archive (media/*.png, *.mp4, *.mp3...) also set has_images/has_video/has_sounds.
// A well-formed file we do not recognise (JSON without these keys, a ZIP without a JSON entry) is kept
// with basic metadata (the name from the file name). A broken file (bad ZIP, bad JSON) is marked with
// processing_error, which its owner sees; the job never crashes on content.
import fs from 'node:fs';
import yauzl from 'yauzl';
import { readHead } from '../../uploads/mime.js';
import { AGE_UNITS, monitorName, patientAgeFromAge, patientAgeFromRealitiCategory, type AgeUnit } from '../../../shared/realiti.js';
import type { ScenarioDetails } from '../../../shared/schemas/scenarios.js';

/** A scenario JSON larger than this is not parsed (kept with basic metadata). */
const MAX_JSON_BYTES = 16 * 1024 * 1024;
/** Events and checklist items kept for the view and search; the counts cover them all. */
const MAX_LISTED = 200;

/** What the `details` column holds: the response's details, the monitor's name, and what is only kept. */
export interface StoredDetails extends ScenarioDetails {
  monitor_name: string | null;
  kept: Record<string, unknown>;
}

export interface ScenarioMetadata {
  name?: string;
  description?: string;
  language?: string;
  device_id?: number;
  patient_age?: number;
  patient_condition?: number;
  patient_sex?: string;
  patient_photo_code?: number;
  duration_in_seconds: number;
  num_events: number;
  num_checklist_items: number;
  has_images: boolean;
  has_video: boolean;
  has_sounds: boolean;
  has_labs: boolean;
  details: StoredDetails;
}

export class BrokenScenarioFile extends Error {}

const IMAGE = /\.(png|jpe?g|jpe|gif|bmp|webp|svg)$/i;
const VIDEO = /\.(mp4|mov|m4v|webm)$/i;
const SOUND = /\.(mp3|wav|m4a|aac|ogg|caf)$/i;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A finite number, also from a numeric string ("80.0"). */
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const intIn = (v: unknown, min: number, max: number): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
const flag = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : v === 1 || v === 'true' ? true : v === 0 || v === 'false' ? false : undefined);
const count = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

/** At most `max` characters, cut at a word where it can be, with an ellipsis when cut. */
export function shorten(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

function emptyDetails(): StoredDetails {
  return { monitor_name: null, scenario_type: null, patient_name: null, patient_age_value: null, patient_age_unit: null, patient_complaint: null, events: [], checklist: [], story: null, kept: {} };
}

function emptyMetadata(): ScenarioMetadata {
  return { duration_in_seconds: 0, num_events: 0, num_checklist_items: 0, has_images: false, has_video: false, has_sounds: false, has_labs: false, details: emptyDetails() };
}

function sexFrom(v: unknown): 'male' | 'female' | undefined {
  const code = intIn(v, 0, 2);
  if (code === 1) return 'male';
  if (code === 2) return 'female';
  const s = text(v, 10)?.toLowerCase();
  if (s === 'male' || s === 'm') return 'male';
  if (s === 'female' || s === 'f') return 'female';
  return undefined;
}

function mediaKind(m: Obj): 'image' | 'video' | 'sound' | undefined {
  const type = (text(m.type, 40) ?? '').toLowerCase();
  if (/image|picture|photo/.test(type)) return 'image';
  if (/video|movie/.test(type)) return 'video';
  if (/sound|audio/.test(type)) return 'sound';
  const file = text(m.file, 500) ?? text(m.name, 500) ?? '';
  if (IMAGE.test(file)) return 'image';
  if (VIDEO.test(file)) return 'video';
  if (SOUND.test(file)) return 'sound';
  return undefined;
}

const titleOf = (item: unknown, ...keys: string[]): string => {
  if (typeof item === 'string') return item.trim().slice(0, 200);
  const o = obj(item);
  for (const k of keys) {
    const t = text(o[k], 200);
    if (t) return t;
  }
  return '';
};

/** Read a parsed scenario document, REALITi's keys first, then ours; unknown shapes give empty metadata. */
export function metadataFromDocument(doc: unknown): ScenarioMetadata {
  const meta = emptyMetadata();
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return meta;
  const d = doc as Obj;
  const details = meta.details;
  const monitor = obj(d.monitor);
  const patient = obj(d.patient);
  const info = obj(d.patientInformation);
  const story = obj(d.scenarioStory);

  meta.name = text(d.scenarioName, 200) ?? text(d.name, 200);
  meta.description = text(d.description, 200);
  const history = text(story.history, 100_000);
  if (!meta.description && history) meta.description = shorten(history, 200);
  // The whole story, readable on the view.
  const course = text(story.course, 100_000);
  const discussion = text(story.discussion, 100_000);
  details.story = history || course || discussion ? { history: history || null, course: course || null, discussion: discussion || null } : null;
  meta.language = text(d.language, 35);
  meta.device_id = intIn(d.scenarioMonitorType, 1, 34) ?? intIn(monitor.deviceId ?? d.deviceId, 0, 34);
  details.monitor_name = monitorName(meta.device_id) ?? text(monitor.name, 100) ?? null;
  const time = num(d.scenarioTime) ?? num(d.durationSeconds);
  meta.duration_in_seconds = time !== undefined && time > 0 ? Math.min(Math.round(time), 7 * 24 * 3600) : 0;

  // The patient: REALITi's category is counted the other way round (spec/realiti-format.md).
  const age = num(info.patientAge);
  const unitText = text(info.patientAgeUnit, 10)?.toLowerCase();
  const unit = AGE_UNITS.find((u) => u === unitText || `${u.slice(0, -1)}` === unitText);
  const category = intIn(info.patientAgeCategory, 0, 2) as 0 | 1 | 2 | undefined;
  if (category !== undefined) meta.patient_age = patientAgeFromRealitiCategory(category);
  else if (age !== undefined && age >= 0) meta.patient_age = patientAgeFromAge(age, (unit ?? 'years') as AgeUnit);
  else meta.patient_age = intIn(patient.ageClass ?? patient.age, 0, 2);
  meta.patient_condition = intIn(patient.condition, 0, 2);
  meta.patient_sex = sexFrom(info.patientSex) ?? sexFrom(patient.sex);
  meta.patient_photo_code = intIn(info.patientPhotoId, 0, 106) ?? intIn(patient.photoCode, 0, 106);
  details.patient_name = text(info.patientName, 200) ?? null;
  details.patient_age_value = age !== undefined && age >= 0 ? age : null;
  details.patient_age_unit = details.patient_age_value !== null ? (unit ?? 'years') : null;
  details.patient_complaint = text(info.patientCondition, 500) ?? null;
  details.scenario_type = text(d.scenarioType, 100) ?? null;

  // Events in order with their trend times; the checklist's titles.
  const events = Array.isArray(d.scenarioEvents) ? d.scenarioEvents : list(d.events);
  meta.num_events = events.length;
  details.events = events.slice(0, MAX_LISTED).map((e) => {
    const trend = num(obj(e).trendTime);
    return { name: titleOf(e, 'name', 'title'), trend_time: trend !== undefined && trend >= 0 ? trend : null };
  });
  const checklist = list(d.checklist);
  meta.num_checklist_items = checklist.length;
  details.checklist = checklist.slice(0, MAX_LISTED).map((c) => titleOf(c, 'title', 'name')).filter(Boolean);

  meta.has_labs = count(d.labs) > 0;
  for (const m of list(d.media)) {
    const kind = mediaKind(obj(m));
    if (kind === 'image') meta.has_images = true;
    if (kind === 'video') meta.has_video = true;
    if (kind === 'sound') meta.has_sounds = true;
  }

  // Kept as metadata only (spec/realiti-format.md 'keep').
  const kept: Record<string, unknown> = {
    scenario_id: text(d.scenarioId, 100),
    scenario_version: num(d.scenarioVersion),
    default_energy: num(d.scenarioDefaultEnergy),
    default_pacer_threshold: num(d.scenarioDefaultPacerThreshold),
    is_demo: flag(d.isDemo),
    is_alsi_legacy: flag(d.isALSILegacy),
    patient_height: num(info.patientHeight),
    patient_weight: num(info.patientWeight),
    patient_admitted: num(info.patientAdmitted),
  };
  details.kept = Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined));
  return meta;
}

/** The details of a stored row for the API (an old row or a broken file has none). */
export function detailsFromColumn(json: string | null, deviceId: number | null): { monitor_name: string | null; details: ScenarioDetails } {
  let stored: Partial<StoredDetails> = {};
  try {
    stored = json ? (JSON.parse(json) as Partial<StoredDetails>) : {};
  } catch {
    stored = {};
  }
  const d = { ...emptyDetails(), ...stored };
  return {
    monitor_name: d.monitor_name ?? monitorName(deviceId),
    details: {
      scenario_type: d.scenario_type,
      patient_name: d.patient_name,
      patient_age_value: d.patient_age_value,
      patient_age_unit: d.patient_age_unit,
      patient_complaint: d.patient_complaint,
      events: d.events,
      checklist: d.checklist,
      story: d.story ?? null,
    },
  };
}

function parseJson(buf: Buffer): unknown {
  try {
    return JSON.parse(buf.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new BrokenScenarioFile('The scenario JSON could not be parsed');
  }
}

async function readJsonFile(filePath: string): Promise<ScenarioMetadata> {
  const size = (await fs.promises.stat(filePath)).size;
  if (size > MAX_JSON_BYTES) return emptyMetadata();
  return metadataFromDocument(parseJson(await fs.promises.readFile(filePath)));
}

/** Stream through the archive's central directory; read only the scenario JSON entry. */
function readZipFile(filePath: string): Promise<ScenarioMetadata> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(new BrokenScenarioFile(err?.message ?? 'Bad archive'));
      const flags = { images: false, video: false, sounds: false };
      let jsonEntry: yauzl.Entry | null = null;
      let done = false;
      const fail = (e: Error) => {
        if (done) return;
        done = true;
        zip.close();
        reject(e instanceof BrokenScenarioFile ? e : new BrokenScenarioFile(e.message));
      };
      zip.on('error', fail);
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!name.endsWith('/')) {
          if (IMAGE.test(name)) flags.images = true;
          else if (VIDEO.test(name)) flags.video = true;
          else if (SOUND.test(name)) flags.sounds = true;
          else if (/\.json$/i.test(name) && !name.includes('__MACOSX')) {
            const isMain = /(^|\/)scenario\.json$/i.test(name);
            if (!jsonEntry || (isMain && !/(^|\/)scenario\.json$/i.test(jsonEntry.fileName))) jsonEntry = entry;
          }
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        const finish = (meta: ScenarioMetadata) => {
          if (done) return;
          done = true;
          zip.close();
          meta.has_images ||= flags.images;
          meta.has_video ||= flags.video;
          meta.has_sounds ||= flags.sounds;
          resolve(meta);
        };
        const entry = jsonEntry as yauzl.Entry | null;
        if (!entry) return finish(emptyMetadata());
        if (entry.uncompressedSize > MAX_JSON_BYTES) return finish(emptyMetadata());
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e ?? new Error('Unreadable entry'));
          const chunks: Buffer[] = [];
          let total = 0;
          stream.on('data', (c: Buffer) => {
            total += c.length;
            if (total > MAX_JSON_BYTES) stream.destroy(new Error('Scenario JSON too large'));
            else chunks.push(c);
          });
          stream.on('error', fail);
          stream.on('end', () => {
            try {
              finish(metadataFromDocument(parseJson(Buffer.concat(chunks))));
            } catch (parseErr) {
              fail(parseErr as Error);
            }
          });
        });
      });
      zip.readEntry();
    });
  });
}

export function isZipHead(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

export function isJsonHead(head: Buffer): boolean {
  let s = head.toString('utf8');
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  return s.trimStart().startsWith('{');
}

/** Metadata of a stored scenario file; throws BrokenScenarioFile when it cannot be read. */
export async function readScenarioFile(filePath: string): Promise<ScenarioMetadata> {
  const head = await readHead(filePath, 64);
  if (isZipHead(head)) return readZipFile(filePath);
  if (isJsonHead(head)) return readJsonFile(filePath);
  throw new BrokenScenarioFile('Neither ZIP nor JSON');
}
