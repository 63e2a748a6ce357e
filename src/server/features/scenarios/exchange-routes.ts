// Scenario exchange: licences (a default per user on /me, one per scenario; media's in
// media/licence-routes.ts) and the owner's public items still lacking the de-identification confirmation. Copies, attribution,
// adaptation counts and the confirmation itself live in the scenario and media rules.
import type { FastifyInstance } from 'fastify';
import { getExchangeMe, setDefaultLicence, setScenarioLicence, type ExchangeMe } from '../../../shared/endpoints/exchange.js';
import { licenceOf } from '../../../shared/licences.js';
import { route } from '../../lib/route.js';
import type { SessionUser } from '../../plugins/session.js';
import { scenarioPortsOf, scenariosService } from './service.js';

export default async function exchangeRoutes(app: FastifyInstance) {
  const scenarios = scenariosService(scenarioPortsOf(app));
  const tags = ['exchange'];

  async function me(user: SessionUser): Promise<ExchangeMe> {
    const [u, s, m] = await Promise.all([
      app.db.selectFrom('users').select('default_licence').where('id', '=', user.id).executeTakeFirstOrThrow(),
      app.db.selectFrom('scenarios').select(['uuid_id', 'name']).where('contributed_by', '=', user.id).where('privacy_level', '=', 2)
        .where('public_confirmed_at', 'is', null).orderBy('id').limit(100).execute(),
      app.db.selectFrom('media').select(['uuid_id', 'name']).where('contributed_by', '=', user.id).where('privacy_level', '=', 2)
        .where('public_confirmed_at', 'is', null).orderBy('id').limit(100).execute(),
    ]);
    return {
      default_licence: licenceOf(u.default_licence).id,
      unconfirmed: [...s.map((r) => ({ kind: 'scenario' as const, ...r })), ...m.map((r) => ({ kind: 'media' as const, ...r }))],
    };
  }

  route(app, getExchangeMe, {
    auth: 'user',
    tags,
    summary: 'My default licence for new uploads, and my public scenarios and media that still need the de-identification confirmation (at most 100 of each)',
  }, async ({ user }) => me(user));

  route(app, setDefaultLicence, {
    auth: 'user',
    tags,
    summary: 'Set the licence my new uploads get (cc-by-4.0, cc-by-nc-4.0, cc-by-nc-sa-4.0 or community)',
  }, async ({ user, body }) => {
    await app.db.updateTable('users').set({ default_licence: body.licence }).where('id', '=', user.id).execute();
    return me(user);
  });

  route(app, setScenarioLicence, {
    auth: 'user',
    tags,
    summary: "Set my scenario's licence (also while it processes); a copy keeps its original's licence (422), and a copy that may not be adapted cannot change (403)",
  }, async ({ user, params, body }) => scenarios.setLicence(user, params.id, body.licence));
}
