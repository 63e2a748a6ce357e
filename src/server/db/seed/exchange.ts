// Demo exchange: one of the educator's public CC BY scenarios has three versions, the paramedic keeps a
// public adaptation of it, and people who downloaded or favourited it have rated and reviewed it
// (licences and de-identification confirmations are set with the scenarios).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { now } from '../connection.js';
import { scenarioFileBytes } from './fixtures/scenarios/scenario-files.js';
import { scenarioPortsOf, scenariosService } from '../../features/scenarios/service.js';
import { demoScenarios } from './scenarios.js';
import { exchangeService } from '../../features/scenarios/exchange-service.js';

const VERSIONS = [
  'Added a second ECG and an earlier prompt for sodium bicarbonate.',
  'Shortened the handover; the debrief questions now follow the toxicology guideline.',
];

const REVIEWS = [
  { by: 'paramedic', rating: 5, body: 'Ran it with two crews: the deterioration is realistic and the debrief questions work.' },
  { by: 'admin', rating: 4, body: 'Good scenario. The second version fixed the timing of the lactate.' },
  { by: 'tester', rating: 4, body: null },
];

export async function seedExchange(app: FastifyInstance): Promise<void> {
  const users = new Map((await app.db.selectFrom('users').selectAll().execute()).map((u) => [u.username, u]));
  const educator = users.get('educator');
  const paramedic = users.get('paramedic');
  if (!educator || !paramedic) return;
  await app.jobs.drain();
  const original = await app.db.selectFrom('scenarios').select(['id', 'uuid_id', 'name', 'file_name']).where('contributed_by', '=', educator.id)
    .where('privacy_level', '=', 2).where('licence', '=', 'cc-by-4.0').orderBy('id').executeTakeFirst();
  if (!original) return;
  const scenarios = scenariosService(scenarioPortsOf(app));
  const exchange = exchangeService(app, scenarios);

  // Two more versions (the first stays downloadable).
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-exchange-'));
  // The same kind of file with the same content: the scenario reads the same on every screen.
  const spec = demoScenarios().find((d) => d.name === original.name);
  const ext = path.extname(original.file_name) as '.json' | '.isims' | '.alsi' | '.ctgi';
  for (const [i, note] of VERSIONS.entries()) {
    const fileName = `${path.basename(original.file_name, ext)}-v${i + 2}${ext}`;
    const tmp = path.join(tmpDir, fileName);
    fs.writeFileSync(tmp, scenarioFileBytes(spec ?? { name: original.name }, ext));
    await exchange.newVersion(educator, original.uuid_id, { filePath: tmp, originalName: fileName, size: fs.statSync(tmp).size, ext }, note);
  }
  fs.rmSync(tmpDir, { recursive: true, force: true });

  // The paramedic's public adaptation of it.
  const copy = await scenarios.copy(paramedic, original.uuid_id);
  await app.db.updateTable('scenarios').set({
    description: 'Adapted for rural ambulance crews: longer transport, one paramedic.',
    privacy_level: 2,
    public_confirmed_by: paramedic.id,
    public_confirmed_at: now(),
  }).where('id', '=', copy.id).execute();

  // Reviews by people who downloaded or favourited it.
  for (const r of REVIEWS) {
    const user = users.get(r.by);
    if (!user) continue;
    await app.db.insertInto('scenario_downloaders').values({ scenario_id: original.id, user_id: user.id }).onConflict((oc) => oc.doNothing()).execute();
    await exchange.saveReview(user, original.uuid_id, { rating: r.rating, body: r.body });
  }
  await app.jobs.drain();
}
