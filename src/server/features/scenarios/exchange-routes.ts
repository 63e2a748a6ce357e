// Scenario exchange: licences (a default per user on /me, one per scenario; media's in
// media/licence-routes.ts) and the owner's public items still lacking the de-identification confirmation. Copies, attribution,
// adaptation counts and the confirmation itself live in the scenario and media rules.
import type { FastifyInstance } from 'fastify';
import fsp from 'node:fs/promises';
import {
  VERSION_FILE_MESSAGE,
  deleteReportedReview,
  deleteScenarioReview,
  ignoreReportedReview,
  listReportedReviews,
  downloadScenarioVersion,
  getExchangeMe,
  getScenarioAdaptations,
  getScenarioReviews,
  getScenarioVersions,
  reportScenarioReview,
  saveScenarioReview,
  setDefaultLicence,
  setScenarioLicence,
  uploadScenarioVersion,
  type ExchangeMe,
} from '../../../shared/endpoints/exchange.js';
import { MAX_UPLOAD_BYTES } from '../../../shared/limits.js';
import { unprocessable } from '../../lib/http-error.js';
import { formParts, streamPartToTemp } from '../../uploads/multipart.js';
import type { AcceptedFile } from '../../uploads/registry.js';
import { exchangeService } from './exchange-service.js';
import { licenceOf } from '../../../shared/licences.js';
import { route } from '../../lib/route.js';
import { Role } from '../../../shared/enums.js';
import type { SessionUser } from '../../plugins/session.js';
import { scenarioPortsOf, scenariosService } from './service.js';

export default async function exchangeRoutes(app: FastifyInstance) {
  const scenarios = scenariosService(scenarioPortsOf(app));
  const exchange = exchangeService(app, scenarios);
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

  route(app, getScenarioVersions, {
    auth: 'user',
    tags,
    summary: 'The version history of a scenario I may see, newest first: number, file, change note, who and when',
  }, async ({ user, params }) => exchange.versions(user, params.id));

  route(app, uploadScenarioVersion, {
    auth: 'user',
    tags,
    summary: 'Upload a new version of my scenario (same page and uuid): multipart with the field change_note (required, 500 characters) before the file scenFile. Earlier files stay downloadable; people who favourited or copied it are notified.',
  }, async ({ user, params, request }) => {
    let note = '';
    let file: AcceptedFile | null = null;
    let problem: string | null = null;
    // A file over the size limit is refused with its message, not a failed request (@fastify/multipart option).
    const partsOptions = { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5 }, throwFileSizeLimit: false };
    try {
      for await (const part of formParts(request, partsOptions)) {
        if (part.type === 'field') {
          if (part.fieldname === 'change_note' && typeof part.value === 'string') note = part.value;
          continue;
        }
        if (part.fieldname !== 'scenFile' || file) {
          for await (const chunk of part.file) void chunk;
          continue;
        }
        const checked = await streamPartToTemp(app, part, 'scenario');
        if (checked.ok) file = checked.file;
        else problem = checked.error.message;
      }
      if (problem) throw unprocessable(problem);
      if (!file) throw unprocessable(VERSION_FILE_MESSAGE);
      return await exchange.newVersion(user, params.id, file, note);
    } finally {
      if (file) await fsp.rm(file.filePath, { force: true });
    }
  });

  route(app, downloadScenarioVersion, {
    auth: 'user',
    tags,
    summary: 'A signed download URL of one version of a scenario I may see (the file name names the version); counts the download',
  }, async ({ user, params }) => exchange.downloadVersion(user, params.id, params.version));

  route(app, getScenarioAdaptations, {
    auth: 'user',
    tags,
    summary: 'The public adaptations (copies) of a scenario I may see, newest first (at most 100)',
  }, async ({ user, params }) => exchange.adaptations(user, params.id));

  route(app, getScenarioReviews, {
    auth: 'user',
    tags,
    summary: 'Reviews of a scenario I may see, newest first (?offset, ?count up to 100), with the average, the count, mine and whether I may review',
  }, async ({ user, params, query }) => exchange.reviews(user, params.id, query.offset ?? 0, query.count ?? 20));

  route(app, saveScenarioReview, {
    auth: 'user',
    tags,
    summary: 'Rate a scenario I downloaded or favourited (1-5) with an optional review of up to 1000 characters, or change mine: one per person; the owner is notified of a new one',
  }, async ({ user, params, body }) => exchange.saveReview(user, params.id, body));

  route(app, deleteScenarioReview, {
    auth: 'user',
    tags,
    summary: 'Delete my review of a scenario',
  }, async ({ user, params }) => exchange.deleteReview(user, params.id));

  route(app, reportScenarioReview, {
    auth: 'user',
    tags,
    summary: "Report another person's review (once; 422 for my own, 409 again); administrators are notified",
  }, async ({ user, params }) => exchange.reportReview(user, params.id));

  route(app, listReportedReviews, {
    auth: Role.Admin,
    tags,
    summary: 'Open reports of scenario reviews, newest first, one per review and reporter',
  }, async () => exchange.reportedReviews());

  route(app, ignoreReportedReview, {
    auth: Role.Admin,
    tags,
    summary: 'Ignore one report of a review (the review and the reporting user)',
  }, async ({ params }) => exchange.ignoreReviewReport(params.id, params.userId));

  route(app, deleteReportedReview, {
    auth: Role.Admin,
    tags,
    summary: "Delete a reported review: its rating leaves the scenario's average and its author is notified",
  }, async ({ params }) => exchange.deleteReviewAsAdmin(params.id));
}
