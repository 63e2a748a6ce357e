// Settings for several servers: SESSION_SECRET is required on PostgreSQL, S3 storage settings are
// checked at start, and route limits are counted in the database every process shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, SESSION_SECRET_REQUIRED_MESSAGE } from '../../src/server/config.js';
import { buildTestApp, dbKinds, type TestApp } from './helpers.js';

describe('configuration for several servers', () => {
  it('refuses to start on PostgreSQL without SESSION_SECRET, with a message', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/community' })).toThrow(`Invalid configuration SESSION_SECRET: ${SESSION_SECRET_REQUIRED_MESSAGE}`);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/community', SESSION_SECRET: 'shared' }).sessionSecret).toBe('shared');
    // One process on SQLite may still generate its own.
    expect(loadConfig({}).sessionSecret).toBe('');
  });

  it('reads the pool size, the SQLite reader threads and the list cache switch, and refuses words where numbers belong', () => {
    expect(loadConfig({})).toMatchObject({ dbPoolSize: 10, sqliteReadThreads: 2, listCache: true });
    expect(loadConfig({ DB_POOL_SIZE: '25', SQLITE_READ_THREADS: '0', LIST_CACHE: 'off' })).toMatchObject({ dbPoolSize: 25, sqliteReadThreads: 0, listCache: false });
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' })).toThrow('Invalid configuration DB_POOL_SIZE: must be an integer');
    expect(() => loadConfig({ SQLITE_READ_THREADS: '1.5' })).toThrow('Invalid configuration SQLITE_READ_THREADS: must be an integer');
  });

  it('reads the S3 settings and refuses incomplete ones', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({ driver: 's3', endpoint: 'http://minio:9000', region: 'us-east-1', bucket: 'files', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('Invalid configuration S3_BUCKET: required when STORAGE=s3');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID: set both/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' })).toThrow('Invalid configuration S3_ENDPOINT: must be an http(s) address');
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/Invalid configuration STORAGE/);
  });
});

describe.each(dbKinds)('route limits shared by processes (%s)', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // A second server process on the same database.
    other = await buildApp(t.app.config);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('calls to a limited route on one process count on the other', async () => {
    const from = { remoteAddress: '192.0.2.77' };
    for (let i = 0; i < 60; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/license/PublicKey', ...from })).statusCode).toBe(200);
    for (let i = 0; i < 60; i += 1) expect((await other.inject({ method: 'GET', url: '/api/license/PublicKey', ...from })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/license/PublicKey', ...from });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many attempts/);
    expect((await other.inject({ method: 'GET', url: '/api/license/PublicKey', ...from })).statusCode).toBe(429);
    // Another address has its own counter.
    expect((await other.inject({ method: 'GET', url: '/api/license/PublicKey', remoteAddress: '192.0.2.78' })).statusCode).toBe(200);
  });
});
