// Measures the JSON compression of plugins/compress.ts against @fastify/compress (defaults), on the
// library page JSON the real app answers (24 scenarios) and on a large script (react-dom's client
// build, standing in for a built bundle). Bytes and mean time per request over app.inject, loopback
// only. Run: npx tsx scripts/measure-compress.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { sql } from 'kysely';
import ours from '../src/server/plugins/compress.js';
import { as, buildTestApp, createUser } from '../tests/server/helpers.js';

const N = 300;

async function libraryJson(): Promise<string> {
  const t = await buildTestApp('sqlite');
  const owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
  await t.app.db.insertInto('tags').values([{ title: 'Cardiac' }]).execute();
  const tag = await t.app.db.selectFrom('tags').select('id').executeTakeFirstOrThrow();
  for (let i = 0; i < 24; i++) {
    const name = `Scenario ${i}: ${['Tension pneumothorax', 'Septic shock', 'Anaphylaxis', 'Cardiac arrest'][i % 4]}`;
    const res = await sql<{ id: number }>`
      INSERT INTO scenarios (uuid_id, name, description, file_key, file_name, privacy_level, is_processed, contributed_by, contributed_at, device_id, patient_age, patient_condition, search_text)
      VALUES (${crypto.randomUUID()}, ${name}, ${'A described scenario with a patient history, vital signs and the expected actions of the team.'}, ${'scenarios/x.json'}, ${'x.json'}, 2, 1, ${owner.id}, ${new Date().toISOString()}, 3, 2, 1, ${name})
      RETURNING id`.execute(t.app.db);
    await t.app.db.insertInto('scenario_tags').values({ scenario_id: res.rows[0].id, tag_id: tag.id }).execute();
  }
  const res = await as(t.app, owner, { method: 'GET', url: '/api/scenarios/0/24/-1/-1/-1' });
  await t.close();
  return res.body;
}

async function appWith(which: 'ours' | 'lib', json: string, script: Buffer): Promise<FastifyInstance> {
  const app = Fastify();
  if (which === 'ours') await app.register(ours);
  else await app.register(fastifyCompress);
  // A fresh string per request for 'json-new' (as an uncached page is), the same one for 'json-same' (a cached page).
  let n = 0;
  app.get('/json-new', async (_req, reply) => reply.type('application/json; charset=utf-8').send(`${json.slice(0, -1)},"n":${n++}}`));
  app.get('/json-same', async (_req, reply) => reply.type('application/json; charset=utf-8').send(json));
  app.get('/script', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  await app.ready();
  return app;
}

async function measure(app: FastifyInstance, url: string, encoding: string) {
  const first = await app.inject({ url, headers: { 'accept-encoding': encoding } });
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await app.inject({ url, headers: { 'accept-encoding': encoding } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / N;
  return { bytes: first.rawPayload.length, encoding: first.headers['content-encoding'] ?? 'none', ms: ms.toFixed(3) };
}

const json = await libraryJson();
const require = createRequire(import.meta.url);
const script = fs.readFileSync(path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-client.production.js'));
const br11 = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gz9 = zlib.gzipSync(script, { level: 9 }).length;
console.log(`script precompressed at build time: br q11 ${br11} bytes, gzip 9 ${gz9} bytes (served from disk, no compression per request)`);
console.log(`library JSON ${Buffer.byteLength(json)} bytes, script ${script.length} bytes, ${N} requests each`);
for (const which of (process.argv[2] === 'lib-first' ? ['lib', 'ours'] : ['ours', 'lib']) as ('ours' | 'lib')[]) {
  const app = await appWith(which, json, script);
  for (const url of ['/json-new', '/json-same', '/script']) {
    for (const enc of ['br', 'gzip', 'identity']) console.log(which, url, enc, JSON.stringify(await measure(app, url, enc)));
  }
  await app.close();
}
