// REALITi's own scenario exports(spec/realiti-format.md): the processor reads every field
// the format page maps, field by field, from files written after that page (tests/fixtures/realiti);
// the age categories are mapped the other way round; unknown keys, numbers as text and missing
// sections are tolerated; our own format keeps working; event names and checklist titles are
// searchable; and scenarios stored before this are read again once by the job migration 0012 queues.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { getUploadKind } from '../../src/server/uploads/registry.js';
import { metadataFromDocument } from '../../src/server/features/scenarios/processor.js';
import { scenarioFileBytes, zipBuffer } from '../../src/server/db/seed/fixtures/scenarios/scenario-files.js';
import { storageKeyFor } from '../../src/server/features/scenarios/service.js';

const FIXTURES = path.resolve('tests/fixtures/realiti');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const doc = (name: string) => JSON.parse(fixture(name).toString('utf8')) as Record<string, unknown>;

async function storeFile(app: FastifyInstance, user: TestUser, fileName: string, bytes: Buffer) {
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'realiti-')), fileName);
  fs.writeFileSync(tmp, bytes);
  const row = await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const created = await getUploadKind('scenario')!.accept(app, row, { filePath: tmp, originalName: fileName, size: bytes.length, ext: path.extname(fileName) });
  await app.jobs.drain();
  return created;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('reading a REALITi export (no database)', () => {
  it.each([
    [0, 2, 'Adult'],
    [1, 1, 'Paediatric'],
    [2, 0, 'Neonate'],
  ])('patientAgeCategory %i (REALITi) is patient_age %i (%s)', (category, patientAge) => {
    expect(metadataFromDocument({ patientInformation: { patientAgeCategory: category, patientAge: 40, patientAgeUnit: 'years' } }).patient_age).toBe(patientAge);
  });

  it.each([
    [27, 'days', 0], [28, 'days', 1], [3, 'weeks', 0], [4, 'weeks', 1], [0, 'months', 0], [11, 'months', 1],
    [17, 'years', 1], [18, 'years', 2], [80, 'years', 2], [6, undefined, 1], [1, 'year', 1], [2, 'Weeks', 0],
  ])('without a category, %s %s is patient_age %i', (age, unit, patientAge) => {
    expect(metadataFromDocument({ patientInformation: { patientAge: age, patientAgeUnit: unit } }).patient_age).toBe(patientAge);
  });

  it('an out-of-range category falls back to the age; no age and no category leaves it unset', () => {
    expect(metadataFromDocument({ patientInformation: { patientAgeCategory: 7, patientAge: 2, patientAgeUnit: 'days' } }).patient_age).toBe(0);
    expect(metadataFromDocument({ patientInformation: { patientName: 'X' } }).patient_age).toBeUndefined();
  });

  it.each([[1, 'male'], [2, 'female'], [0, undefined], ['2', 'female'], [5, undefined]])('patientSex %s is %s', (sex, expected) => {
    expect(metadataFromDocument({ patientInformation: { patientSex: sex } }).patient_sex).toBe(expected);
  });

  it.each([
    ['a list as the document', []],
    ['sections of the wrong type', { scenarioName: 7, patientInformation: 'old', scenarioEvents: { a: 1 }, checklist: 'none', labs: {}, media: 'x', scenarioStory: [] }],
    ['null sections', { scenarioName: null, patientInformation: null, scenarioEvents: null, checklist: [null, 3], media: [null] }],
    ['huge and negative numbers', { scenarioTime: -40, scenarioMonitorType: 1e300, patientInformation: { patientAge: -3, patientPhotoId: 900 } }],
  ])('never fails on %s', (_what, value) => {
    const meta = metadataFromDocument(value);
    expect(meta.duration_in_seconds).toBe(0);
    expect(meta.device_id).toBeUndefined();
    expect(meta.patient_age).toBeUndefined();
    expect(meta.details.patient_age_value).toBeNull();
  });

  it('a story longer than 200 characters gives a description of at most 200, cut at a word', () => {
    const meta = metadataFromDocument(doc('vf-arrest-export.json'));
    expect(meta.description!.length).toBeLessThanOrEqual(200);
    expect(meta.description).toMatch(/^A 58-year-old man collapsed at a bus stop after complaining of chest pain for an hour\. .*\w…$/);
  });
});

describe.each(dbKinds)('REALITi exports through the API (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let tagId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app, { firstName: 'Rhea', lastName: 'Realiti' });
    await t.app.db.insertInto('tags').values({ title: 'Resuscitation' }).execute();
    tagId = (await t.app.db.selectFrom('tags').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const get = async (id: number) => (await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${id}` })).json();

  it('reads every mapped field of a full export, field by field', async () => {
    const { id } = await storeFile(t.app, owner, 'vf-arrest-export.json', fixture('vf-arrest-export.json'));
    const s = await get(id);
    expect(s).toMatchObject({
      name: 'VF arrest at the bus stop', // scenarioName, not the file name
      duration_in_seconds: 900, // scenarioTime
      device_id: 3, // scenarioMonitorType
      monitor_name: 'LifePak 15',
      thumbnail_url: '/thumbnails/devices/3.svg',
      patient_age: 2, // REALITi category 0 (adult) -> 2 Adult
      patient_condition: null, // patientCondition is free text, never the 0/1/2 code
      patient_sex: 'male', // patientSex 1
      patient_photo_code: 81, // patientPhotoId
      patient_photo_url: '/thumbnails/patients/81.svg',
      num_events: 4, // scenarioEvents
      num_checklist_items: 5, // checklist
      has_labs: true, // labs
      has_images: true, has_video: true, has_sounds: true, // media types
      is_processed: true, processing_error: null,
    });
    expect(s.description).toMatch(/^A 58-year-old man collapsed at a bus stop/); // from scenarioStory.history
    expect(s.description.length).toBeLessThanOrEqual(200);
    expect(s.details).toEqual({
      scenario_type: 'CriticalCare',
      patient_name: 'Graham Whitlock',
      patient_age_value: 58,
      patient_age_unit: 'years',
      patient_complaint: 'Collapsed, unresponsive, not breathing normally',
      events: [
        { name: 'Initial VF', trend_time: 0 },
        { name: 'Fine VF after shocks', trend_time: 30 },
        { name: 'ROSC', trend_time: 45 },
        { name: 'Post-resuscitation care', trend_time: 120 },
      ],
      checklist: ['Confirms cardiac arrest', 'Starts compressions', 'Shocks within 2 minutes', 'Gives adrenaline after the third shock', 'Gives amiodarone 300 mg'],
      // The whole story (the description holds only its first 200 characters).
      story: {
        history: 'A 58-year-old man collapsed at a bus stop after complaining of chest pain for an hour. Bystanders started CPR and a public AED advised one shock before the crew arrived. He has a history of hypertension and smokes twenty cigarettes a day.',
        course: 'VF persists after two shocks; ROSC after the third shock and adrenaline.',
        discussion: 'Minimising pauses in compressions; when to give adrenaline and amiodarone.',
      },
    });
    // What the page says to keep is kept with the row.
    const row = await t.app.db.selectFrom('scenarios').select('details').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.details!).kept).toEqual({
      scenario_id: '3f2b9c1e-7d4a-4e8b-9a61-0c5d2e8f4b17', scenario_version: 2, default_energy: 200, default_pacer_threshold: 60,
      is_demo: false, is_alsi_legacy: false, patient_height: 178, patient_weight: 82.5, patient_admitted: 0,
    });
  });

  it('takes numbers written as text, media kinds from file extensions, and ignores unknown keys', async () => {
    const { id } = await storeFile(t.app, owner, 'asthma.json', fixture('asthma-numbers-as-text.json'));
    const s = await get(id);
    expect(s).toMatchObject({
      name: 'Wheezy six-year-old', duration_in_seconds: 600, device_id: 17, monitor_name: 'Zoll R-Series',
      patient_age: 1, patient_sex: 'female', patient_photo_code: 30, num_events: 2, num_checklist_items: 3,
      has_labs: false, has_images: true, has_sounds: true, has_video: false, description: '', processing_error: null,
    });
    expect(s.details).toMatchObject({ patient_age_value: 6, patient_age_unit: 'years', events: [{ name: 'Moderate asthma', trend_time: 0 }, { name: 'After salbutamol', trend_time: 90.5 }] });
  });

  it('reads a sparse file: age from days, no time limit, missing sections as none', async () => {
    const { id } = await storeFile(t.app, owner, 'newborn.json', fixture('newborn-sparse.json'));
    const s = await get(id);
    expect(s).toMatchObject({
      name: 'Three-day-old with poor feeding', duration_in_seconds: 0, device_id: 19, monitor_name: 'Generic Monitor',
      patient_age: 0, patient_sex: null, patient_photo_code: null, num_events: 3, num_checklist_items: 0,
      has_labs: false, has_images: false, has_video: false, has_sounds: false, description: '', processing_error: null,
    });
    expect(s.details).toEqual({
      scenario_type: null, patient_name: null, patient_age_value: 3, patient_age_unit: 'days', patient_complaint: null,
      events: [{ name: 'Lethargic and mottled', trend_time: 0 }, { name: 'Apnoea', trend_time: 20 }, { name: '', trend_time: null }],
      checklist: [],
      story: null,
    });
  });

  it('falls back to the file name when scenarioName is blank, and keeps a file with only unknown keys', async () => {
    const a = await storeFile(t.app, owner, 'Night shift drill.json', json({ scenarioName: '   ', scenarioTime: 300 }));
    expect(await get(a.id)).toMatchObject({ name: 'Night shift drill', duration_in_seconds: 300, processing_error: null });
    const b = await storeFile(t.app, owner, 'Other tool.json', json({ exportedBy: 'SimTool 3', objectives: ['x'] }));
    expect(await get(b.id)).toMatchObject({ name: 'Other tool', num_events: 0, monitor_name: null, processing_error: null, details: { events: [], checklist: [] } });
  });

  it('reads a REALITi export inside an .isims archive, with its media files', async () => {
    const bytes = zipBuffer([
      { name: 'VF arrest/scenario.json', data: fixture('vf-arrest-export.json') },
      { name: 'VF arrest/media/ecg-rosc.jpg', data: Buffer.from([0xff, 0xd8, 0xff]) },
    ]);
    const { id } = await storeFile(t.app, owner, 'vf-arrest.isims', bytes);
    expect(await get(id)).toMatchObject({ name: 'VF arrest at the bus stop', device_id: 3, monitor_name: 'LifePak 15', num_events: 4, patient_age: 2, has_images: true });
  });

  it('our own documented format keeps working, with its event and checklist titles in the details', async () => {
    const bytes = scenarioFileBytes({ name: 'Own format', description: 'Ours', ageClass: 0, deviceId: 5, sex: 'male', events: ['Arrives', 'Worsens'], checklist: ['Calls for help'] }, '.json');
    const { id } = await storeFile(t.app, owner, 'own.json', bytes);
    const s = await get(id);
    expect(s).toMatchObject({ name: 'Own format', description: 'Ours', patient_age: 0, device_id: 5, monitor_name: 'Connex Vital Signs Monitor', patient_sex: 'male', num_events: 2, num_checklist_items: 1 });
    expect(s.details).toMatchObject({ events: [{ name: 'Arrives', trend_time: null }, { name: 'Worsens', trend_time: null }], checklist: ['Calls for help'] });
  });

  it('a copy keeps the details', async () => {
    const { id } = await storeFile(t.app, owner, 'copy-me.json', fixture('asthma-numbers-as-text.json'));
    const other = await createUser(t.app);
    await as(t.app, owner, { method: 'PATCH', url: `/api/scenarios/edit/${id}`, payload: { patient_condition: 1, tags: [tagId], privacy_level: 2, description: 'Asthma', confirm_deidentified: true } });
    const copy = await as(t.app, other, { method: 'POST', url: `/api/scenarios/copy/${id}` });
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toMatchObject({ monitor_name: 'Zoll R-Series', details: { checklist: ['Assesses work of breathing', 'Gives salbutamol', 'Gives oral prednisolone'] } });
  });

  it('library search finds a scenario by an event name and by a checklist title', async () => {
    const { id } = await storeFile(t.app, owner, 'searchable.json', fixture('vf-arrest-export.json'));
    const edit = await as(t.app, owner, { method: 'PATCH', url: `/api/scenarios/edit/${id}`, payload: { patient_condition: 2, tags: [tagId], privacy_level: 2, confirm_deidentified: true } });
    expect(edit.statusCode).toBe(200);
    const search = async (words: string) => {
      const res = await as(t.app, owner, { method: 'GET', url: `/api/scenarios/0/50/-1/-1/${words}/-1` });
      expect(res.statusCode).toBe(200);
      return (res.json().scenarios as { id: number }[]).map((s) => s.id);
    };
    expect(await search('resuscitation,care')).toContain(id); // the event 'Post-resuscitation care'
    expect(await search('amiodarone')).toContain(id); // the checklist 'Gives amiodarone 300 mg'
    expect(await search('rosc')).toContain(id);
    expect(await search('zzqx')).not.toContain(id);
  });
});

describe.each(dbKinds)('reprocessing scenarios stored before (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await createUser(t.app);
  });
  afterAll(() => t.close());

  /** A scenario as the old processor left a REALITi export: name from the file name, nothing read. */
  async function storeAsBefore(fileName: string, bytes: Buffer | null) {
    const uuidId = crypto.randomUUID();
    const key = storageKeyFor(uuidId, fileName);
    if (bytes) {
      const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'old-')), fileName);
      fs.writeFileSync(tmp, bytes);
      await t.app.storage.putFile(key, tmp);
    }
    const name = fileName.replace(/\.[^.]+$/, '');
    return t.app.db.insertInto('scenarios').values({
      uuid_id: uuidId, name, description: '', device_id: null, patient_age: null, patient_condition: null, patient_sex: null,
      patient_photo_code: null, file_key: key, file_name: fileName, file_size: bytes?.length ?? 0, privacy_level: 0, is_processed: 1,
      processing_error: null, contributed_by: owner.id, contributed_at: new Date().toISOString(), num_downloads: 0, duration_in_seconds: 0,
      num_checklist_items: 0, num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: null,
      directory_id: null, search_text: name,
    }).returning('id').executeTakeFirstOrThrow();
  }

  it('the migration queues one job that reads every stored scenario again, in batches, leaving a missing file alone', async () => {
    const queued = await t.app.db.selectFrom('jobs').selectAll().where('type', '=', 'scenario.reprocess').execute();
    expect(queued).toHaveLength(1);
    expect(queued[0].state).toBe('queued');

    const vf = await storeAsBefore('vf-arrest-export.json', fixture('vf-arrest-export.json'));
    const others = [];
    for (let i = 0; i < 50; i++) others.push(await storeAsBefore(`newborn-${i}.json`, fixture('newborn-sparse.json')));
    const missing = await storeAsBefore('gone.json', null);
    expect((await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${vf.id}` })).json()).toMatchObject({ name: 'vf-arrest-export', num_events: 0, monitor_name: null });

    await t.app.jobs.drain();

    const s = (await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${vf.id}` })).json();
    expect(s).toMatchObject({ name: 'VF arrest at the bus stop', duration_in_seconds: 900, device_id: 3, monitor_name: 'LifePak 15', patient_age: 2, num_events: 4, num_checklist_items: 5 });
    expect(s.details.events.map((e: { name: string }) => e.name)).toEqual(['Initial VF', 'Fine VF after shocks', 'ROSC', 'Post-resuscitation care']);
    const last = (await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${others[49].id}` })).json();
    expect(last).toMatchObject({ name: 'Three-day-old with poor feeding', patient_age: 0, num_events: 3 });
    const gone = (await as(t.app, owner, { method: 'GET', url: `/api/scenarios/${missing.id}` })).json();
    expect(gone).toMatchObject({ name: 'gone', processing_error: null });

    // 52 scenarios: a batch of 50, then one more job for the rest.
    const jobs = await t.app.db.selectFrom('jobs').select(['state', 'payload']).where('type', '=', 'scenario.reprocess').orderBy('id').execute();
    expect(jobs.map((j) => j.state)).toEqual(['done', 'done']);
    expect(JSON.parse(jobs[1].payload)).toEqual({ afterId: others[48].id });
  });

  it('runs once: a restart does not queue it again', async () => {
    await t.restart();
    const jobs = await t.app.db.selectFrom('jobs').select('state').where('type', '=', 'scenario.reprocess').execute();
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
  });
});
