// GET /api/site: the web editor's address only when configured, and the support offices
// from configuration with documented defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { DEFAULT_SUPPORT_OFFICES } from '../../src/server/lib/site-config.js';
import { as, buildTestApp, createUser, type TestApp } from './helpers.js';

describe('site settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers no editor and the default offices when nothing is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(401);
    const res = await as(t.app, await createUser(t.app), { method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ webEditorUrl: null, supportOffices: DEFAULT_SUPPORT_OFFICES });
    expect(res.json().supportOffices.map((o: { region: string }) => o.region)).toEqual(['Australia', 'America', 'Europe']);
    expect(JSON.stringify(res.json())).not.toMatch(/000 0000|\.example\//);
  });

  it('reads WEB_EDITOR_URL and SUPPORT_OFFICES from the environment and refuses bad values', () => {
    const office = { region: 'Asia', name: 'iSimulate Asia', address: 'Singapore', phone: '+65 6000 0000', email: 'asia@isimulate.com', hours: '9-5' };
    const c = loadConfig({ WEB_EDITOR_URL: 'https://editor.isimulate.com/', SUPPORT_OFFICES: JSON.stringify([office]) });
    expect(c.webEditorUrl).toBe('https://editor.isimulate.com/');
    expect(c.supportOffices).toEqual([office]);
    expect(loadConfig({}).webEditorUrl).toBe('');
    expect(() => loadConfig({ WEB_EDITOR_URL: 'javascript:alert(1)' })).toThrow('Invalid configuration WEB_EDITOR_URL: must be an http(s) address');
    expect(() => loadConfig({ SUPPORT_OFFICES: '[{' })).toThrow('Invalid configuration SUPPORT_OFFICES: not JSON');
    expect(() => loadConfig({ SUPPORT_OFFICES: '[{"region":""}]' })).toThrow(/Invalid configuration SUPPORT_OFFICES/);
  });
});
