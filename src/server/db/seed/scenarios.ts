// Demo scenarios: real files in each format (JSON and ZIP-wrapped .isims/.alsi/.ctgi) by
// the demo users, across patient ages, conditions and tags; most public, some private, one broken
// file, some favourited, and a folder tree for the educator. Processing runs when the seed drains jobs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { now } from '../connection.js';
import { uuid } from '../../lib/crypto.js';
import { scenarioPortsOf, scenariosService } from '../../features/scenarios/service.js';
import { scenarioFileBytes, type ScenarioSpec } from './fixtures/scenarios/scenario-files.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'scenarios');

type Ext = '.json' | '.isims' | '.alsi' | '.ctgi';
interface DemoScenario extends ScenarioSpec {
  by: string;
  ext: Ext;
  tags: string[];
  isPublic: boolean;
  folder?: string;
}

// [name, description, ageClass, condition, deviceId, photoCode, sex, minutes, tags]
const ROWS: [string, string, number, number, number, number, 'male' | 'female', number, string[]][] = [
  ['Inferior STEMI in the emergency department', 'A 62-year-old with crushing chest pain and ST elevation in II, III and aVF.', 2, 1, 3, 81, 'male', 15, ['Cardiac', 'ECG Interpretation']],
  ['Witnessed VF arrest', 'Collapse in the waiting room; shockable rhythm and a team to lead.', 2, 2, 12, 95, 'male', 0, ['Cardiac Arrest', 'ALS', 'Defibrillation']],
  ['Stable angina review', 'A calm outpatient with exertional chest tightness and a normal ECG.', 2, 0, 3, 70, 'female', 10, ['Cardiac', 'ECG Interpretation']],
  ['Anaphylaxis after antibiotics', 'Rapid onset urticaria, wheeze and hypotension after IV ceftriaxone.', 2, 1, 5, 66, 'female', 12, ['Anaphylaxis', 'Airway']],
  ['Acute severe asthma in a child', 'A 7-year-old who can only speak in single words.', 1, 1, 7, 31, 'male', 10, ['Asthma', 'Paediatrics', 'Airway']],
  ['Bronchiolitis in an infant', 'A 4-month-old with poor feeding, recessions and apnoeas.', 1, 1, 7, 18, 'female', 15, ['Paediatrics', 'Airway']],
  ['Newborn needing inflation breaths', 'A term baby born flat after a prolonged second stage.', 0, 1, 30, 2, 'female', 8, ['Neonatal Resuscitation', 'Airway']],
  ['Neonatal bradycardia', 'Heart rate below 60 despite effective ventilation.', 0, 2, 30, 4, 'male', 6, ['Neonatal Resuscitation', 'BLS']],
  ['Healthy term newborn check', 'Routine first examination; a stable baby and an anxious parent.', 0, 0, 31, 1, 'male', 10, ['Neonatal Resuscitation', 'Teamwork and Communication Skills']],
  ['COPD exacerbation', 'A long-term smoker with worsening breathlessness and drowsiness.', 2, 1, 9, 88, 'male', 20, ['COPD', 'Airway', 'Deteriorating Patient']],
  ['Urosepsis in an older woman', 'Confusion, fever and hypotension in a nursing-home resident.', 2, 1, 14, 102, 'female', 20, ['Sepsis', 'Deteriorating Patient']],
  ['Paediatric septic shock', 'A 3-year-old with a non-blanching rash and cold peripheries.', 1, 1, 16, 24, 'female', 15, ['Sepsis', 'Paediatrics']],
  ['Acute ischaemic stroke', 'Sudden right-sided weakness and aphasia within the thrombolysis window.', 2, 1, 18, 90, 'male', 15, ['Stroke', 'Deteriorating Patient']],
  ['Post-partum haemorrhage', 'Heavy bleeding twenty minutes after a vaginal birth.', 2, 1, 20, 60, 'female', 15, ['Obstetrics', 'Teamwork and Communication Skills']],
  ['Eclamptic seizure', 'A 34-week pregnant woman with headache, hypertension and a seizure.', 2, 1, 20, 58, 'female', 12, ['Obstetrics']],
  ['Maternal cardiac arrest', 'Arrest at 36 weeks: left uterine displacement and perimortem delivery.', 2, 2, 21, 59, 'female', 0, ['Obstetrics', 'Cardiac Arrest', 'ALS']],
  ['Motorbike trauma with tension pneumothorax', 'A young rider with chest injury, falling saturations and hypotension.', 2, 1, 22, 75, 'male', 15, ['Trauma', 'Airway']],
  ['Paediatric head injury', 'A child fell from a trampoline; drowsy with a boggy scalp swelling.', 1, 0, 24, 36, 'male', 10, ['Trauma', 'Paediatrics']],
  ['Tricyclic overdose', 'Drowsy adult with broad QRS complexes after an intentional overdose.', 2, 1, 25, 77, 'female', 15, ['Toxicology', 'ECG Interpretation']],
  ['Opioid toxicity', 'Pinpoint pupils and a respiratory rate of 6 at a party.', 2, 1, 25, 72, 'male', 8, ['Toxicology', 'Airway']],
  ['Complete heart block needing pacing', 'Syncope with a rate of 32 and wide escape rhythm.', 2, 1, 27, 98, 'male', 15, ['Pacing', 'Cardiac', 'ECG Interpretation']],
  ['PEA arrest from hyperkalaemia', 'A dialysis patient who missed sessions arrests on the ward.', 2, 2, 12, 92, 'female', 0, ['Cardiac Arrest', 'ALS']],
  ['Paediatric cardiac arrest', 'A 5-year-old pulled from a pool; asystole on arrival.', 1, 2, 13, 33, 'male', 0, ['Cardiac Arrest', 'Paediatrics', 'BLS']],
  ['Stable supraventricular tachycardia', 'Palpitations at 190 per minute in a well young adult.', 2, 0, 4, 68, 'female', 10, ['Cardiac', 'ECG Interpretation']],
  ['Fast AF with hypotension', 'An older man with atrial fibrillation at 170 and a systolic of 80.', 2, 1, 4, 104, 'male', 12, ['Cardiac', 'Defibrillation']],
  ['Team huddle: handover practice', 'A stable ward patient used to practise structured handover.', 2, 0, 1, 64, 'female', 0, ['Teamwork and Communication Skills']],
  ['Croup at night', 'A 2-year-old with a barking cough and stridor at rest.', 1, 0, 8, 20, 'female', 10, ['Paediatrics', 'Airway']],
  ['Diabetic ketoacidosis', 'Vomiting, Kussmaul breathing and a glucose of 32.', 1, 1, 15, 40, 'male', 20, ['Paediatrics', 'Deteriorating Patient']],
  ['Hypothermic arrest after immersion', 'A kayaker recovered from cold water; VF at 29 degrees.', 2, 2, 34, 84, 'male', 0, ['Cardiac Arrest', 'Trauma', 'Defibrillation']],
  ['Basic life support refresher', 'A single rescuer, an AED and a collapsed adult in a corridor.', 2, 2, 2, 86, 'male', 5, ['BLS', 'Defibrillation']],
  ['Airway obstruction in a restaurant', 'Choking adult who becomes unresponsive.', 2, 1, 6, 79, 'female', 6, ['Airway', 'BLS']],
  ['Neonatal hypoglycaemia', 'A jittery baby of a diabetic mother on the postnatal ward.', 0, 0, 31, 6, 'female', 10, ['Neonatal Resuscitation', 'Paediatrics']],
];

const OWNERS = ['educator', 'paramedic', 'educator', 'admin', 'paramedic', 'tester', 'educator', 'paramedic'];
const EXTS: Ext[] = ['.isims', '.json', '.alsi', '.isims', '.ctgi', '.isims', '.json', '.alsi'];

/** Patient pictures (public/thumbnails/patients) alternate female (even) and male (odd) codes. */
const photoForSex = (code: number, sex: 'male' | 'female') => ((code % 2 === 0) === (sex === 'female') ? code : code < 106 ? code + 1 : code - 1);

export function demoScenarios(): DemoScenario[] {
  return ROWS.map(([name, description, ageClass, condition, deviceId, photoCode, sex, minutes, tags], i) => ({
    name, description, ageClass, condition, deviceId, photoCode: photoForSex(photoCode, sex), sex, tags,
    durationSeconds: minutes * 60,
    by: OWNERS[i % OWNERS.length],
    ext: deviceId >= 30 ? '.ctgi' : EXTS[i % EXTS.length],
    isPublic: i % 7 !== 6,
    events: ['Scenario starts', 'Observations change', 'Intervention window', 'Outcome'].slice(0, 2 + (i % 3)),
    checklist: ['Introduce yourself', 'Call for help', 'Structured assessment (ABCDE)', 'Treat the cause'].slice(0, 1 + (i % 4)),
    images: i % 3 === 0 ? 1 : 0,
    videos: i % 5 === 0 ? 1 : 0,
    sounds: i % 4 === 0 ? 1 : 0,
    labs: i % 2,
    folder: i % OWNERS.length === 0 ? 'Cardiology' : i % OWNERS.length === 2 ? 'Arrhythmias' : i % OWNERS.length === 6 ? 'Paediatrics' : undefined,
  }));
}

export async function seedScenarios(app: FastifyInstance): Promise<void> {
  const ports = scenarioPortsOf(app);
  const service = scenariosService(ports);
  const users = new Map((await app.db.selectFrom('users').selectAll().execute()).map((u) => [u.username, u]));
  const tags = new Map((await app.db.selectFrom('tags').select(['id', 'title']).execute()).map((t) => [t.title, t.id]));
  const educator = users.get('educator');
  if (!educator) return;

  // The educator's folder tree: Cardiology > Arrhythmias, Paediatrics, and an empty Obstetrics.
  const folders = new Map<string, number>();
  const mkdir = async (name: string, parent: number | null) => {
    const { id } = await ports.repo.createDirectory({ uuid: uuid(), name, user_id: educator.id, parent_id: parent });
    folders.set(name, id);
    return id;
  };
  const cardiology = await mkdir('Cardiology', null);
  await mkdir('Arrhythmias', cardiology);
  await mkdir('Paediatrics', null);
  // Made for next term's course and not filled yet.
  await mkdir('Obstetrics', null);

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-scenarios-'));
  const created: { id: number; by: string; isPublic: boolean }[] = [];
  const list = demoScenarios();
  // Licences: the oldest public scenario is 'all rights reserved, use within this community'; the
  // others take the CC licences in turn. Public ones carry their owner's de-identification confirmation.
  const firstPublic = list.findIndex((s) => s.isPublic);
  const cc = ['cc-by-4.0', 'cc-by-nc-4.0', 'cc-by-nc-sa-4.0'] as const;
  for (const [i, s] of list.entries()) {
    const owner = users.get(s.by) ?? educator;
    const fileName = `${s.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${s.ext}`;
    const tmp = path.join(tmpDir, fileName);
    fs.writeFileSync(tmp, scenarioFileBytes(s, s.ext));
    const { id } = await service.acceptUpload(owner, { filePath: tmp, originalName: fileName, size: fs.statSync(tmp).size });
    // Spread contribution dates over the last few months so sorting and relative dates look real.
    const contributedAt = new Date(Date.now() - (list.length - i) * 3 * 86400_000).toISOString();
    await ports.repo.update(id, {
      description: s.description ?? '',
      patient_age: s.ageClass ?? null,
      patient_condition: s.condition ?? null,
      privacy_level: s.isPublic ? 2 : 0,
      contributed_at: contributedAt,
      num_downloads: (i * 7) % 23,
      directory_id: owner.id === educator.id && s.folder ? folders.get(s.folder) ?? null : null,
      licence: i === firstPublic ? 'community' : cc[i % cc.length],
      ...(s.isPublic ? { public_confirmed_by: owner.id, public_confirmed_at: contributedAt } : {}),
    });
    await ports.repo.setTags(id, s.tags.map((t) => tags.get(t)).filter((t): t is number => t != null));
    created.push({ id, by: owner.username, isPublic: s.isPublic });
  }

  // One broken file for the educator, to show the owner's error notice.
  const broken = path.join(tmpDir, 'corrupted-export.isims');
  fs.copyFileSync(path.join(FIXTURES, 'broken-archive.isims'), broken);
  await service.acceptUpload(educator, { filePath: broken, originalName: 'corrupted-export.isims', size: fs.statSync(broken).size });

  // Favourites: each demo user favourites a few public scenarios of others.
  const favs: { user_id: number; scenario_id: number; created_at: string }[] = [];
  for (const [username, user] of users) {
    const others = created.filter((c) => c.isPublic && c.by !== username);
    for (const c of others.filter((_, k) => k % 4 === username.length % 4).slice(0, 5)) favs.push({ user_id: user.id, scenario_id: c.id, created_at: now() });
  }
  if (favs.length) await app.db.insertInto('scenario_favourites').values(favs).execute();
  fs.rmSync(tmpDir, { recursive: true, force: true });
}
