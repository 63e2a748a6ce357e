// Device licences: contracts, claim, relinquish, the seat race, idempotent claims, the
// signed licence string and the admin calls, on SQLite and PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/shared/enums.js';
import { verifyLicenceString } from '../../src/server/features/licences/signing.js';
import { DEMO_PASSWORD, seedUsers } from '../../src/server/db/seed/users.js';
import { DEMO_LICENSED_DEVICE, seedLicences } from '../../src/server/db/seed/licences.js';
import { as, buildTestApp, createUser, dbKinds, login, type TestApp, type TestUser } from './helpers.js';

const ADMIN = Role.User | Role.Admin;

describe.each(dbKinds)('licences (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let prov: TestUser;
  let plain: TestUser;
  let otherProv: TestUser;
  let orgId: number;
  let otherOrgId: number;
  let realiti: { id: number; modules: { id: number; name: string }[] };
  let ctgi: { id: number };

  const setOrg = (userId: number, organisationId: number) => t.app.db.updateTable('users').set({ organisation_id: organisationId }).where('id', '=', userId).execute();
  const org = async (name: string) =>
    (await t.app.db.insertInto('organisations').values({ name, website: null, organisation_code: `C-${crypto.randomBytes(4).toString('hex')}` }).returning('id').executeTakeFirstOrThrow()).id;

  async function contract(body: Record<string, unknown>) {
    const res = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/contracts', payload: { product_id: realiti.id, agreement_type: 0, number_of_licenses_allowed: 3, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().contract as { id: number; available: number; licenses: number };
  }

  const claim = (user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    as(t.app, user, { method: 'POST', url: '/api/license/ClaimLicense', headers, payload: { Product: 'REALITi', KitColour: 'red', DeviceSerialNumber: 'DMPXK2', ...body } });

  const device = () => `IPAD-${crypto.randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { role: ADMIN });
    prov = await createUser(t.app, { canProvision: true, firstName: 'Priya' });
    plain = await createUser(t.app);
    otherProv = await createUser(t.app, { canProvision: true });
    orgId = await org('Canberra Simulation Centre');
    otherOrgId = await org('Other Hospital');
    await setOrg(prov.id, orgId);
    await setOrg(plain.id, orgId);
    await setOrg(otherProv.id, otherOrgId);

    const p = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/products', payload: { name: 'REALITi', key_name: 'REALITi' } });
    expect(p.statusCode, p.body).toBe(201);
    for (const name of ['Pacing', 'Defibrillation']) {
      const m = await as(t.app, admin, { method: 'POST', url: `/api/admin/licences/products/${p.json().id}/modules`, payload: { name } });
      expect(m.statusCode, m.body).toBe(201);
      realiti = m.json();
    }
    const c = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/products', payload: { name: 'CTGi', key_name: 'CTGi' } });
    ctgi = c.json();
  });
  afterAll(() => t.close());

  describe('admin: products, modules and contracts', () => {
    it('creates products and modules, lists them, and audits each', async () => {
      expect(realiti.modules.map((m) => m.name)).toEqual(['Defibrillation', 'Pacing']);
      const list = await as(t.app, admin, { method: 'GET', url: '/api/admin/licences/products' });
      expect(list.statusCode).toBe(200);
      expect(list.json().products.map((p: { key_name: string }) => p.key_name)).toEqual(['CTGi', 'REALITi']);
      const audit = await t.app.db.selectFrom('audit_log').select(['action', 'target_type']).where('actor_id', '=', admin.id).execute();
      expect(audit.filter((a) => a.action === 'licence.product.create')).toHaveLength(2);
      expect(audit.filter((a) => a.action === 'licence.module.create')).toHaveLength(2);
    });

    it('refuses a duplicate key name (any case) and a duplicate module with 409', async () => {
      const dup = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/products', payload: { name: 'Another', key_name: 'realiti' } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: 'A product with the key name realiti already exists.' });
      const mod = await as(t.app, admin, { method: 'POST', url: `/api/admin/licences/products/${realiti.id}/modules`, payload: { name: 'Pacing' } });
      expect(mod.statusCode).toBe(409);
      expect(mod.json()).toEqual({ message: 'This product already has a module named Pacing.' });
      const missing = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/products/999999/modules', payload: { name: 'X' } });
      expect(missing.statusCode).toBe(404);
      const empty = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/products', payload: { name: '  ', key_name: 'X' } });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ message: 'Please enter the product name' });
    });

    it('is for admins only: 401 signed out, 403 for others', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/licences/contracts' })).statusCode).toBe(401);
      for (const [method, url] of [['GET', '/api/admin/licences/products'], ['GET', '/api/admin/licences/contracts'], ['POST', '/api/admin/licences/products']] as const) {
        const res = await as(t.app, prov, { method, url, payload: method === 'POST' ? { name: 'A', key_name: 'A' } : undefined });
        expect(res.statusCode).toBe(403);
      }
    });

    it('creates a contract for an organisation or a user, checks its parts, and audits it', async () => {
      const board = await as(t.app, admin, {
        method: 'POST',
        url: '/api/admin/licences/contracts',
        payload: { product_id: realiti.id, agreement_type: 0, number_of_licenses_allowed: 5, module_ids: [realiti.modules[0].id], organisation_id: orgId, expires_at: '2099-12-31' },
      });
      expect(board.statusCode, board.body).toBe(201);
      expect(board.json().contract).toMatchObject({
        product: { id: realiti.id, name: 'REALITi', key_name: 'REALITi' },
        agreement_type: 0,
        number_of_licenses_allowed: 5,
        licenses: 0,
        available: 5,
        expires_at: '2099-12-31',
        product_modules: [{ id: realiti.modules[0].id, name: 'Defibrillation' }],
        owner: { type: 'organisation', id: orgId, name: 'Canberra Simulation Centre' },
      });
      expect(board.json().seats).toEqual([]);
      const forUser = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/contracts', payload: { product_id: realiti.id, agreement_type: 1, number_of_licenses_allowed: 1, username: otherProv.username.toUpperCase() } });
      expect(forUser.statusCode, forUser.body).toBe(201);
      expect(forUser.json().contract.owner).toMatchObject({ type: 'user', id: otherProv.id });

      const bad = async (payload: Record<string, unknown>, message: string) => {
        const res = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/contracts', payload: { product_id: realiti.id, agreement_type: 0, number_of_licenses_allowed: 1, organisation_id: orgId, ...payload } });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({ message });
      };
      await bad({ username: 'nobody-here', organisation_id: undefined }, 'There is no user named nobody-here.');
      await bad({ username: prov.username }, 'Choose an organisation or a user the agreement belongs to');
      await bad({ organisation_id: undefined }, 'Choose an organisation or a user the agreement belongs to');
      await bad({ organisation_id: 999999 }, 'That organisation does not exist.');
      await bad({ product_id: 999999 }, 'That product does not exist.');
      await bad({ module_ids: [999999] }, 'The modules must belong to the chosen product.');
      await bad({ number_of_licenses_allowed: 0 }, 'The number of licences must be at least 1');
      await bad({ agreement_type: 7 }, 'The agreement type must be 0 (recurring), 1 (perpetual) or 2 (legacy)');
      await bad({ expires_at: '2026-02-30' }, 'The expiry must be a real date');
      await bad({ product_id: 99999999999 }, 'The product does not exist');

      const audit = await t.app.db.selectFrom('audit_log').select(['target_id', 'detail']).where('action', '=', 'licence.contract.create').execute();
      expect(audit.map((a) => Number(a.target_id))).toContain(board.json().contract.id);
      expect(JSON.parse(audit[0].detail!)).toMatchObject({ product_id: realiti.id, organisation_id: orgId });
    });
  });

  describe('MyContracts and MyLicense', () => {
    it("lists the caller's and their organisation's contracts for the device's product only", async () => {
      const mine = await contract({ username: prov.username, number_of_licenses_allowed: 2 });
      const orgs = await contract({ organisation_id: orgId });
      const others = await contract({ organisation_id: otherOrgId });
      const ctgiContract = await as(t.app, admin, { method: 'POST', url: '/api/admin/licences/contracts', payload: { product_id: ctgi.id, agreement_type: 0, number_of_licenses_allowed: 1, organisation_id: orgId } });
      const res = await as(t.app, prov, { method: 'GET', url: `/api/license/MyContracts/${device()}/realiti` });
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().map((c: { id: number }) => c.id);
      expect(ids).toEqual(expect.arrayContaining([mine.id, orgs.id]));
      expect(ids).not.toContain(others.id);
      expect(ids).not.toContain(ctgiContract.json().contract.id);
      expect(res.json().find((c: { id: number }) => c.id === mine.id)).toMatchObject({ licenses: 0, available: 2, number_of_licenses_allowed: 2 });
    });

    it('answers 403 to users who cannot provision, and 401 signed out', async () => {
      const res = await as(t.app, plain, { method: 'GET', url: `/api/license/MyContracts/${device()}/REALITi` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only users who can provision devices can manage licences.' });
      expect((await as(t.app, plain, { method: 'GET', url: `/api/license/MyLicense/${device()}/REALITi` })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/license/MyLicense/${device()}/REALITi` })).statusCode).toBe(401);
    });

    it('answers { license: null } for a device without a licence', async () => {
      const res = await as(t.app, prov, { method: 'GET', url: `/api/license/MyLicense/${device()}/REALITi` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ license: null });
    });
  });

  describe('ClaimLicense', () => {
    it('claims a seat: a signed licence string the public key verifies, the current licence with its modules, a seat used', async () => {
      const c = await contract({ organisation_id: orgId, module_ids: realiti.modules.map((m) => m.id), expires_at: '2099-06-30' });
      const id = device();
      const res = await claim(prov, { ContractId: c.id, DeviceId: id, KitColour: 'lime', DeviceSerialNumber: ' DMPXK2ABCD ' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.type).toBe('license');
      expect(body.legacy_license_string).toBeUndefined();
      expect(body.license).toMatchObject({ license_contract_id: c.id, device_id: id, device_serial_number: 'DMPXK2ABCD', license_colour: 'lime', product: { key_name: 'REALITi' } });
      expect(body.license.product_modules.map((m: { name: string }) => m.name)).toEqual(['Defibrillation', 'Pacing']);

      const key = await t.app.inject({ method: 'GET', url: '/api/license/PublicKey' });
      expect(key.statusCode).toBe(200);
      expect(key.json()).toMatchObject({ algorithm: 'Ed25519' });
      expect(Buffer.from(key.json().public_key_raw, 'base64url')).toHaveLength(32);
      const payload = verifyLicenceString(body.license_string, key.json().public_key_pem);
      expect(payload).toMatchObject({ v: 1, kid: key.json().key_id, lid: body.license.id, cid: c.id, did: id, sn: 'DMPXK2ABCD', product: 'REALITi', modules: ['Defibrillation', 'Pacing'], colour: 'lime', exp: '2099-06-30T23:59:59.999Z' });
      // A changed payload no longer verifies.
      const [f, p, s] = body.license_string.split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), did: 'IPAD-OTHER' })).toString('base64url');
      expect(verifyLicenceString(`${f}.${forged}.${s}`, key.json().public_key_pem)).toBeNull();

      const mine = await as(t.app, prov, { method: 'GET', url: `/api/license/MyLicense/${id}/REALITi` });
      expect(mine.json().license).toEqual(body.license);
      const contracts = (await as(t.app, prov, { method: 'GET', url: `/api/license/MyContracts/${id}/REALITi` })).json();
      expect(contracts.find((x: { id: number }) => x.id === c.id)).toMatchObject({ licenses: 1, available: 2 });
      // Another product on the same device shows no licence.
      expect((await as(t.app, prov, { method: 'GET', url: `/api/license/MyLicense/${id}/CTGi` })).json()).toEqual({ license: null });
    });

    it('answers a legacy agreement with legacyLicense and legacy_license_string', async () => {
      const c = await contract({ organisation_id: orgId, agreement_type: 2 });
      const res = await claim(prov, { ContractId: c.id, DeviceId: device() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().type).toBe('legacyLicense');
      expect(res.json().license_string).toBeUndefined();
      expect(res.json().legacy_license_string).toMatch(/^CL1\./);
    });

    it('checks the form: kit colour and serial required, with messages', async () => {
      const c = await contract({ organisation_id: orgId });
      const cases: [Record<string, unknown>, string][] = [
        [{ DeviceSerialNumber: '   ' }, 'Please enter the device serial number'],
        [{ DeviceSerialNumber: undefined }, 'Please enter the device serial number'],
        [{ KitColour: 'mauve' }, 'Please choose a kit colour'],
        [{ KitColour: undefined }, 'Please choose a kit colour'],
        [{ DeviceId: '' }, 'The device id is missing: open this page in the device app'],
        [{ Product: undefined }, 'The device product is missing: open this page in the device app'],
        [{ ContractId: 'abc' }, 'The licence agreement must be a number'],
        [{ ContractId: 99999999999 }, 'The licence agreement does not exist'],
        [{ DeviceSerialNumber: 'A\u0000B' }, 'Text must not contain NUL characters'],
      ];
      for (const [body, message] of cases) {
        const res = await claim(prov, { ContractId: c.id, DeviceId: device(), ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json()).toEqual({ message });
      }
      const after = (await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${c.id}` })).json();
      expect(after.contract.licenses).toBe(0);
    });

    it('refuses users who cannot provision (403) and contracts they may not see (404)', async () => {
      const c = await contract({ organisation_id: orgId });
      const res = await claim(plain, { ContractId: c.id, DeviceId: device() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only users who can provision devices can manage licences.' });
      const other = await claim(otherProv, { ContractId: c.id, DeviceId: device() });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'Licence agreement not found' });
      expect((await claim(prov, { ContractId: 999999, DeviceId: device() })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/license/ClaimLicense', payload: { ContractId: c.id } })).statusCode).toBe(401);
    });

    it('refuses a device whose product does not match the contract', async () => {
      const c = await contract({ organisation_id: orgId });
      const res = await claim(prov, { ContractId: c.id, DeviceId: device(), Product: 'CTGi' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This agreement is for REALITi devices, but this device is a CTGi.' });
    });

    it('refuses a device that already holds a licence, from this or another contract', async () => {
      const a = await contract({ organisation_id: orgId });
      const b = await contract({ organisation_id: orgId });
      const id = device();
      expect((await claim(prov, { ContractId: a.id, DeviceId: id })).statusCode).toBe(200);
      for (const c of [a, b]) {
        const res = await claim(prov, { ContractId: c.id, DeviceId: id });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: 'This device already holds a licence. Relinquish it before claiming another.' });
      }
      // In the language the request asks for, values carried over.
      const german = await claim(prov, { ContractId: a.id, DeviceId: id }, { 'accept-language': 'de' });
      expect(german.json()).toEqual({ message: 'Dieses Gerät hat bereits eine Lizenz. Geben Sie sie frei, bevor Sie eine andere freischalten.' });
      const other = await claim(prov, { ContractId: a.id, DeviceId: device(), Product: 'CTGi' }, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(other.json()).toEqual({ message: 'Dieser Vertrag gilt für REALITi-Geräte, dieses Gerät ist aber ein CTGi.' });
      const board = (await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${b.id}` })).json();
      expect(board.contract.licenses).toBe(0);
    });

    it('refuses a claim when no seat is free', async () => {
      const c = await contract({ organisation_id: orgId, number_of_licenses_allowed: 1 });
      expect((await claim(prov, { ContractId: c.id, DeviceId: device() })).statusCode).toBe(200);
      const res = await claim(prov, { ContractId: c.id, DeviceId: device() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'There are no free licences left on this agreement.' });
    });

    it('refuses an expired agreement', async () => {
      const c = await contract({ organisation_id: orgId, expires_at: '2020-01-31' });
      const res = await claim(prov, { ContractId: c.id, DeviceId: device() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This licence agreement expired on 2020-01-31.' });
    });

    it('gives 50 simultaneous claims on a 3-seat contract exactly 3 licences and 47 clear refusals', async () => {
      const c = await contract({ organisation_id: orgId, number_of_licenses_allowed: 3 });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => claim(prov, { ContractId: c.id, DeviceId: `RACE-${c.id}-${i}` })));
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(ok).toHaveLength(3);
      expect(refused).toHaveLength(47);
      for (const r of refused) expect(r.json()).toEqual({ message: 'There are no free licences left on this agreement.' });
      const board = (await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${c.id}` })).json();
      expect(board.contract).toMatchObject({ licenses: 3, available: 0 });
      expect(board.seats).toHaveLength(3);
      const rows = await t.app.db.selectFrom('licences').select('id').where('contract_id', '=', c.id).execute();
      expect(rows).toHaveLength(3);
    });

    it('lets the same device win only once when it claims on two contracts at the same moment', async () => {
      const a = await contract({ organisation_id: orgId });
      const b = await contract({ organisation_id: orgId });
      const id = device();
      const results = await Promise.all([a, b, a, b].map((c) => claim(prov, { ContractId: c.id, DeviceId: id })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
      const boards = await Promise.all([a, b].map(async (c) => (await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${c.id}` })).json()));
      expect(boards[0].contract.licenses + boards[1].contract.licenses).toBe(1);
    });

    it('returns the same licence for a retried Idempotency-Key and takes no second seat', async () => {
      const c = await contract({ organisation_id: orgId });
      const key = crypto.randomUUID();
      const body = { ContractId: c.id, DeviceId: device() };
      const first = await claim(prov, body, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(200);
      const again = await claim(prov, body, { 'idempotency-key': key });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const board = (await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${c.id}` })).json();
      expect(board.contract.licenses).toBe(1);
      const other = await claim(prov, { ...body, DeviceSerialNumber: 'OTHER' }, { 'idempotency-key': key });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
    });
  });

  describe('RelinquishLicense', () => {
    const relinquish = (user: TestUser, payload: Record<string, unknown>) => as(t.app, user, { method: 'DELETE', url: '/api/license/RelinquishLicense', payload });

    it('frees the seat for the owner; the device is unlicensed and can claim again', async () => {
      const c = await contract({ organisation_id: orgId, number_of_licenses_allowed: 1 });
      const id = device();
      const lic = (await claim(prov, { ContractId: c.id, DeviceId: id })).json().license;
      expect((await relinquish(prov, { license_id: lic.id, device_id: 'IPAD-WRONG' })).statusCode).toBe(404);
      const res = await relinquish(prov, { license_id: lic.id, device_id: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'The licence was relinquished.', license_id: lic.id, device_id: id });
      expect((await as(t.app, prov, { method: 'GET', url: `/api/license/MyLicense/${id}/REALITi` })).json()).toEqual({ license: null });
      const board = (await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${c.id}` })).json();
      expect(board.contract).toMatchObject({ licenses: 0, available: 1 });
      const again = await relinquish(prov, { license_id: lic.id, device_id: id });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Licence not found' });
      expect((await claim(prov, { ContractId: c.id, DeviceId: id })).statusCode).toBe(200);
    });

    it("is refused to users who cannot provision (403) and to another organisation's provisioner (404); an admin may", async () => {
      const c = await contract({ organisation_id: orgId });
      const id = device();
      const lic = (await claim(prov, { ContractId: c.id, DeviceId: id })).json().license;
      expect((await relinquish(plain, { license_id: lic.id, device_id: id })).statusCode).toBe(403);
      expect((await relinquish(otherProv, { license_id: lic.id, device_id: id })).statusCode).toBe(404);
      expect((await as(t.app, otherProv, { method: 'GET', url: `/api/license/MyLicense/${id}/REALITi` })).json()).toEqual({ license: null });
      const bad = await relinquish(prov, { license_id: 'x', device_id: id });
      expect(bad.statusCode).toBe(422);
      expect((await relinquish(admin, { license_id: lic.id, device_id: id })).statusCode).toBe(200);
      const audit = await t.app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'licence.relinquish').where('target_id', '=', String(lic.id)).execute();
      expect(audit).toEqual([{ actor_id: admin.id }]);
    });
  });

  describe('admin seat board', () => {
    it('shows device, serial, kit colour, claimed by and at; Reclaim frees the seat and is audited', async () => {
      const c = await contract({ organisation_id: orgId, number_of_licenses_allowed: 2 });
      const id = device();
      const lic = (await claim(prov, { ContractId: c.id, DeviceId: id, KitColour: 'navy', DeviceSerialNumber: 'SER-1' })).json().license;
      const board = await as(t.app, admin, { method: 'GET', url: `/api/admin/licences/contracts/${c.id}` });
      expect(board.statusCode).toBe(200);
      expect(board.json().seats).toEqual([
        { id: lic.id, device_id: id, device_serial_number: 'SER-1', license_colour: 'navy', claimed_by: { id: prov.id, username: prov.username, first_name: 'Priya', last_name: prov.username }, claimed_at: lic.claimed_at },
      ]);
      expect((await as(t.app, prov, { method: 'POST', url: `/api/admin/licences/contracts/${c.id}/seats/${lic.id}/reclaim` })).statusCode).toBe(403);
      const other = await contract({ organisation_id: orgId });
      expect((await as(t.app, admin, { method: 'POST', url: `/api/admin/licences/contracts/${other.id}/seats/${lic.id}/reclaim` })).statusCode).toBe(404);
      const res = await as(t.app, admin, { method: 'POST', url: `/api/admin/licences/contracts/${c.id}/seats/${lic.id}/reclaim` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().seats).toEqual([]);
      expect(res.json().contract).toMatchObject({ licenses: 0, available: 2 });
      const twice = await as(t.app, admin, { method: 'POST', url: `/api/admin/licences/contracts/${c.id}/seats/${lic.id}/reclaim` });
      expect(twice.statusCode).toBe(404);
      expect(twice.json()).toEqual({ message: 'That seat is not in use.' });
      const audit = await t.app.db.selectFrom('audit_log').select(['actor_id', 'detail']).where('action', '=', 'licence.reclaim').where('target_id', '=', String(lic.id)).execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0].detail!)).toMatchObject({ contract_id: c.id, device_id: id, claimed_by: prov.id });
      expect((await as(t.app, admin, { method: 'GET', url: '/api/admin/licences/contracts/999999' })).statusCode).toBe(404);
      expect((await as(t.app, admin, { method: 'GET', url: '/api/admin/licences/contracts/abc' })).statusCode).toBe(404);
    });

    it('keeps available at 0 when the seats are lowered below those in use', async () => {
      const c = await contract({ organisation_id: orgId, number_of_licenses_allowed: 2 });
      await claim(prov, { ContractId: c.id, DeviceId: device() });
      await claim(prov, { ContractId: c.id, DeviceId: device() });
      const res = await as(t.app, admin, { method: 'PATCH', url: `/api/admin/licences/contracts/${c.id}`, payload: { number_of_licenses_allowed: 1, expires_at: '2099-01-01' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().contract).toMatchObject({ number_of_licenses_allowed: 1, licenses: 2, available: 0, expires_at: '2099-01-01' });
      expect((await claim(prov, { ContractId: c.id, DeviceId: device() })).statusCode).toBe(409);
      const cleared = await as(t.app, admin, { method: 'PATCH', url: `/api/admin/licences/contracts/${c.id}`, payload: { expires_at: '' } });
      expect(cleared.json().contract.expires_at).toBeNull();
    });

    it('lists every contract and the organisations', async () => {
      const list = await as(t.app, admin, { method: 'GET', url: '/api/admin/licences/contracts' });
      expect(list.statusCode).toBe(200);
      expect(list.json().contracts.length).toBeGreaterThan(5);
      const orgs = await as(t.app, admin, { method: 'GET', url: '/api/admin/licences/organisations' });
      expect(orgs.json().organisations.map((o: { name: string }) => o.name)).toEqual(['Canberra Simulation Centre', 'Other Hospital']);
    });
  });
});

describe.each(dbKinds)('the licence demo seed (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedUsers(t.app);
    await seedLicences(t.app);
  });
  afterAll(() => t.close());

  it('has REALITi, ALSi and CTGi with modules, a 3-seat contract of the provisioner\'s organisation with one seat taken, and builds of two apps', async () => {
    const provisioner = { cookie: await login(t.app, 'provisioner', DEMO_PASSWORD) };
    const contracts = (await as(t.app, provisioner, { method: 'GET', url: '/api/license/MyContracts/IPAD-NEW/REALITi' })).json();
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ number_of_licenses_allowed: 3, licenses: 1, available: 2, owner: { type: 'organisation', name: 'Canberra Simulation Centre' } });
    const licence = (await as(t.app, provisioner, { method: 'GET', url: `/api/license/MyLicense/${DEMO_LICENSED_DEVICE}/REALITi` })).json().license;
    expect(licence).toMatchObject({ license_contract_id: contracts[0].id, license_colour: 'blue' });
    const admin = { cookie: await login(t.app, 'admin', DEMO_PASSWORD) };
    const products = (await as(t.app, admin, { method: 'GET', url: '/api/admin/licences/products' })).json().products;
    expect(products.map((p: { key_name: string; modules: unknown[] }) => [p.key_name, p.modules.length])).toEqual([['ALSi', 2], ['CTGi', 2], ['REALITi', 4]]);
    const tester = { cookie: await login(t.app, 'tester', DEMO_PASSWORD) };
    const apps = (await as(t.app, tester, { method: 'GET', url: '/api/prerelease' })).json().apps;
    expect(apps.filter((a: { build: unknown }) => a.build).map((a: { key: string }) => a.key)).toEqual(['alsi', 'ctgi']);
    const downloads = (await as(t.app, tester, { method: 'GET', url: '/api/downloads' })).json().downloads;
    expect(downloads.map((d: { build: { app: string; version: string } }) => `${d.build.app} ${d.build.version}`)).toEqual(['ctgi 3.10.1']);
  });
});
