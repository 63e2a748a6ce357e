// Demo media: real images and a short video from fixtures/media, uploaded through the media upload
// kind (so they are processed like any upload), then given names, tags and review states: most
// approved and public, two pending review, one declined.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { mediaUploadKind } from '../../features/media/upload-kind.js';
import { ApprovalStatus, PrivacyLevel } from '../../../shared/enums.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'media');

interface DemoMedia {
  file: string;
  owner: string;
  name: string;
  description: string;
  tags: string[];
  status: number;
  privacy: number;
  reason?: string;
}

const A = ApprovalStatus.Approved;
const PUB = PrivacyLevel.Public;

export const DEMO_MEDIA: DemoMedia[] = [
  { file: 'patient-monitor.png', owner: 'educator', name: 'Patient monitor: sinus rhythm', description: 'A normal sinus rhythm at 72 bpm with SpO2 98 %, for orientation sessions.', tags: ['Cardiac', 'ECG Interpretation'], status: A, privacy: PUB },
  { file: 'airway-trolley.jpg', owner: 'educator', name: 'Airway trolley layout', description: 'Drawer-by-drawer layout of a difficult airway trolley.', tags: ['Airway'], status: A, privacy: PUB },
  { file: 'defib-pads.jpg', owner: 'paramedic', name: 'Defibrillator pad placement', description: 'Antero-lateral pad placement for adult defibrillation.', tags: ['Defibrillation', 'Cardiac Arrest'], status: A, privacy: PUB },
  { file: 'cpr-demo.mp4', owner: 'paramedic', name: 'CPR demonstration clip', description: 'A two-second test clip for the video player.', tags: ['BLS', 'Cardiac Arrest'], status: A, privacy: PUB },
  { file: 'pulse.gif', owner: 'educator', name: 'Pulse animation', description: 'A looping pulse animation for slides.', tags: ['Cardiac'], status: A, privacy: PUB },
  { file: 'patient-monitor.png', owner: 'paramedic', name: 'Monitor before pacing', description: 'Baseline rhythm before transcutaneous pacing.', tags: ['Pacing', 'ECG Interpretation'], status: A, privacy: PUB },
  { file: 'airway-trolley.jpg', owner: 'paramedic', name: 'Paediatric airway drawer', description: 'Sizes for paediatric airway adjuncts.', tags: ['Airway', 'Paediatrics'], status: A, privacy: PUB },
  { file: 'defib-pads.jpg', owner: 'educator', name: 'Pads for ALS teaching', description: 'Pad positions used in the ALS course.', tags: ['ALS', 'Defibrillation'], status: A, privacy: PUB },
  { file: 'patient-monitor.png', owner: 'educator', name: 'Sepsis screening monitor', description: 'Observations at triage for a sepsis scenario.', tags: ['Sepsis'], status: A, privacy: PUB },
  { file: 'cpr-demo.mp4', owner: 'educator', name: 'Team debrief recording', description: 'Placeholder clip for a team communication debrief.', tags: ['Teamwork and Communication Skills'], status: A, privacy: PUB },
  { file: 'airway-trolley.jpg', owner: 'educator', name: 'Anaphylaxis kit', description: 'Where the adrenaline lives.', tags: ['Anaphylaxis'], status: A, privacy: PUB },
  { file: 'ward-plan.bmp', owner: 'educator', name: 'Ward plan', description: 'Bay layout for an in-situ simulation.', tags: ['Teamwork and Communication Skills'], status: ApprovalStatus.Unapproved, privacy: PrivacyLevel.Private },
  { file: 'scene-gps.jpg', owner: 'paramedic', name: 'Roadside scene', description: 'Scene photo for a trauma scenario.', tags: ['Trauma'], status: ApprovalStatus.Unapproved, privacy: PUB },
  { file: 'defib-pads.jpg', owner: 'educator', name: 'Trauma bay photo', description: 'A photo taken in the trauma bay.', tags: ['Trauma'], status: ApprovalStatus.Rejected, privacy: PrivacyLevel.Private, reason: 'Contains identifying information' },
];

export async function seedMedia(app: FastifyInstance): Promise<void> {
  const users = await app.db.selectFrom('users').select(['id', 'username']).execute();
  const tags = await app.db.selectFrom('tags').select(['id', 'title']).execute();
  const tagId = new Map(tags.map((t) => [t.title, t.id]));
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'seed-media-'));
  try {
    const base = Date.now() - DEMO_MEDIA.length * 3_600_000;
    for (const [i, m] of DEMO_MEDIA.entries()) {
      const owner = users.find((u) => u.username === m.owner);
      if (!owner) continue;
      const full = (await app.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow());
      const tmp = path.join(work, `${i}-${m.file}`);
      await fsp.copyFile(path.join(fixtures, m.file), tmp);
      const ext = path.extname(m.file).toLowerCase();
      const { id } = await mediaUploadKind.accept(app, full, { filePath: tmp, originalName: m.file, size: fs.statSync(tmp).size, ext });
      await app.db
        .updateTable('media')
        .set({
          name: m.name,
          description: m.description,
          approval_status: m.status,
          rejection_reason: m.reason ?? null,
          privacy_level: m.privacy,
          contributed_at: new Date(base + i * 3_600_000).toISOString(),
          num_downloads: m.status === A ? (i * 7) % 23 : 0,
          licence: i % 2 ? 'cc-by-nc-4.0' : 'cc-by-4.0',
          ...(m.privacy === 2 ? { public_confirmed_by: owner.id, public_confirmed_at: new Date(base + i * 3_600_000).toISOString() } : {}),
        })
        .where('id', '=', id)
        .execute();
      const ids = m.tags.map((t) => tagId.get(t)).filter((x): x is number => x !== undefined);
      if (ids.length) await app.db.insertInto('media_tags').values(ids.map((tag_id) => ({ media_id: id, tag_id }))).execute();
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
