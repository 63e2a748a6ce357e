// Demo licences and builds: products REALITi, ALSi and CTGi with modules; a 3-seat
// REALITi contract for the provisioner's organisation with one seat taken; placeholder pre-release
// builds of two apps and the CTGi 3.10.1 release of the Downloads page.
import { Readable } from 'node:stream';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { licencesRepository } from '../../features/licences/repository.js';
import { buildsRepository } from '../../features/prerelease/repository.js';
import { placeholderIpa } from '../../features/prerelease/placeholder-ipa.js';
import { PRE_RELEASE_APPS } from '../../../shared/schemas/builds.js';
import { AgreementType } from '../../../shared/schemas/licences.js';

export const DEMO_PRODUCTS = [
  { name: 'REALITi', key_name: 'REALITi', modules: ['12-Lead ECG', 'Capnography', 'Defibrillation', 'Pacing'] },
  { name: 'ALSi', key_name: 'ALSi', modules: ['CPR Feedback', 'Defibrillation'] },
  { name: 'CTGi', key_name: 'CTGi', modules: ['Contractions', 'Fetal Monitoring'] },
];

/** The device that holds the demo contract's taken seat. */
export const DEMO_LICENSED_DEVICE = 'IPAD-DEMO-0001';

export async function seedLicences(app: FastifyInstance): Promise<void> {
  const repo = licencesRepository(app.db);
  const provisioner = await app.db.selectFrom('users').select(['id', 'organisation_id']).where('username', '=', 'provisioner').executeTakeFirstOrThrow();
  const admin = await app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const products = new Map<string, { id: number; modules: Map<string, number> }>();
  for (const p of DEMO_PRODUCTS) {
    const id = (await repo.createProduct(p.name, p.key_name))!;
    const modules = new Map<string, number>();
    for (const m of p.modules) modules.set(m, (await repo.createModule(id, m))!);
    products.set(p.name, { id, modules });
  }
  const realiti = products.get('REALITi')!;
  const contractId = await repo.createContract({
    productId: realiti.id,
    agreementType: AgreementType.Recurring,
    seats: 3,
    moduleIds: ['12-Lead ECG', 'Defibrillation', 'Pacing'].map((m) => realiti.modules.get(m)!),
    organisationId: provisioner.organisation_id,
    userId: null,
    expiresAt: null,
    createdBy: admin.id,
  });
  await repo.claim({ contractId, deviceId: DEMO_LICENSED_DEVICE, serial: 'DMPXK2ABCD12', colour: 'blue', userId: provisioner.id });
  const alsi = products.get('ALSi')!;
  await repo.createContract({
    productId: alsi.id,
    agreementType: AgreementType.Perpetual,
    seats: 2,
    moduleIds: [],
    organisationId: provisioner.organisation_id,
    userId: null,
    expiresAt: null,
    createdBy: admin.id,
  });

  const builds = buildsRepository(app.db);
  const demoBuilds = [
    { app: 'alsi', version: '2.4.0', channel: 'prerelease' },
    { app: 'ctgi', version: '3.11.0-beta.2', channel: 'prerelease' },
    { app: 'ctgi', version: '3.10.1', channel: 'release' },
  ];
  for (const b of demoBuilds) {
    const meta = PRE_RELEASE_APPS.find((a) => a.key === b.app)!;
    const fileName = `${b.app}-${b.version}.ipa`;
    const key = `builds/${crypto.randomUUID()}/${fileName}`;
    const size = await app.storage.put(key, Readable.from([placeholderIpa(meta.name, meta.bundle_id, b.version)]));
    await builds.create({ ...b, bundle_id: meta.bundle_id, file_key: key, file_name: fileName, file_size: size, uploaded_by: admin.id });
  }
}
