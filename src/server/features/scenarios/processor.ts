// The 'scenario.process' job: reads a stored scenario file and fills in its metadata.
//
// Scenario file format (DESIGN section 8; our own, documented here). A scenario is a JSON document,
// stored either bare (.json) or inside a ZIP archive (.isims for REALITi, .alsi for ALSi, .ctgi for
// CTGi) as `scenario.json` at the archive root (else the first *.json entry), next to its media files:
//
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

/** A scenario JSON larger than this is not parsed (kept with basic metadata). */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

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
}

export class BrokenScenarioFile extends Error {}

const IMAGE = /\.(png|jpe?g|jpe|gif|bmp|webp|svg)$/i;
const VIDEO = /\.(mp4|mov|m4v|webm)$/i;
const SOUND = /\.(mp3|wav|m4a|aac|ogg|caf)$/i;

const intIn = (v: unknown, min: number, max: number): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
const count = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

function emptyMetadata(): ScenarioMetadata {
  return { duration_in_seconds: 0, num_events: 0, num_checklist_items: 0, has_images: false, has_video: false, has_sounds: false, has_labs: false };
}

/** Read the documented fields from a parsed scenario document; unknown shapes give empty metadata. */
export function metadataFromDocument(doc: unknown): ScenarioMetadata {
  const meta = emptyMetadata();
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return meta;
  const d = doc as Record<string, unknown>;
  const monitor = (d.monitor ?? {}) as Record<string, unknown>;
  const patient = (d.patient ?? {}) as Record<string, unknown>;
  meta.name = text(d.name, 200);
  meta.description = text(d.description, 200);
  meta.language = text(d.language, 35);
  meta.device_id = intIn(monitor.deviceId ?? d.deviceId, 0, 34);
  meta.patient_age = intIn(patient.ageClass ?? patient.age, 0, 2);
  meta.patient_condition = intIn(patient.condition, 0, 2);
  const sex = text(patient.sex, 10)?.toLowerCase();
  meta.patient_sex = sex === 'male' || sex === 'female' ? sex : undefined;
  meta.patient_photo_code = intIn(patient.photoCode, 0, 106);
  meta.duration_in_seconds = intIn(d.durationSeconds, 0, 7 * 24 * 3600) ?? 0;
  meta.num_events = count(d.events);
  meta.num_checklist_items = count(d.checklist);
  meta.has_labs = count(d.labs) > 0;
  if (Array.isArray(d.media)) {
    for (const m of d.media as Record<string, unknown>[]) {
      if (m?.type === 'image') meta.has_images = true;
      if (m?.type === 'video') meta.has_video = true;
      if (m?.type === 'sound') meta.has_sounds = true;
    }
  }
  return meta;
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const fh = await fs.promises.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
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
