// Scenario exchange rules beyond licences: versions (the owner uploads a new file under the same page
// and uuid with a change note; earlier files stay in storage and download by number; people who
// favourited or copied it are told), adaptations (the public copies based on a scenario) and reviews
// (a rating 1-5 with an optional short text by someone who downloaded or favourited it, one per person,
// the owner told, reportable like posts).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { now, type DB } from '../../db/connection.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import { notifyUsers } from '../../lib/notifications.js';
import { signFileUrl } from '../../storage/signed-url.js';
import { storeAcceptedFile, type AcceptedFile } from '../../uploads/registry.js';
import type { SessionUser } from '../../plugins/session.js';
import { sql } from 'kysely';
import { PrivacyLevel, Role } from '../../../shared/enums.js';
import { NO_ADAPTATION_MESSAGE } from '../../../shared/licences.js';
import type { MessageBody } from '../../../shared/schemas/common.js';
import type { ScenarioDownload } from '../../../shared/schemas/scenarios.js';
import {
  CHANGE_NOTE_MAX,
  CHANGE_NOTE_REQUIRED_MESSAGE,
  REVIEW_NOT_ALLOWED_MESSAGE,
  REVIEW_OWN_MESSAGE,
  REVIEW_OWN_REPORT_MESSAGE,
  REVIEW_ALREADY_REPORTED_MESSAGE,
  VERSION_NOT_FOUND_MESSAGE,
  type Adaptations,
  type ReviewInput,
  type ScenarioReview,
  type ScenarioReviews,
  type ScenarioVersions,
} from '../../../shared/endpoints/exchange.js';
import { PROCESS_JOB, attributionOf, fullName, isAdaptable, ratingAverage, safeFileName, scenarioPortsOf, scenariosService, versionedFileName, type ScenariosService } from './service.js';
import type { ScenarioRow } from './repository.js';
import type { ReportedReview } from '../../../shared/endpoints/exchange.js';

/** Where a version's file lives: beside the first one, under its number. */
export const versionKeyFor = (uuidId: string, version: number, fileName: string) => `scenarios/${uuidId}/v${version}/${safeFileName(fileName)}`;

export function exchangeService(app: FastifyInstance, scenarios: ScenariosService = scenariosService(scenarioPortsOf(app))) {
  const db: DB = app.db;
  const secret = app.config.sessionSecret;

  /** The versions listed for a scenario; the first one is listed once a second arrives. */
  async function versionsOf(row: ScenarioRow): Promise<ScenarioVersions> {
    const rows = await db
      .selectFrom('scenario_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['v.version', 'v.file_name', 'v.file_size', 'v.change_note', 'v.created_at', 'u.first_name', 'u.last_name'])
      .where('v.scenario_id', '=', row.id)
      .orderBy('v.version', 'desc')
      .execute();
    const versions = rows.map((r) => ({
      version: r.version,
      file_name: r.file_name,
      file_size: Number(r.file_size),
      change_note: r.change_note,
      created_at: r.created_at,
      created_by: fullName(r.first_name, r.last_name),
      is_current: r.version === row.version,
    }));
    if (!versions.length) {
      versions.push({
        version: row.version, file_name: row.file_name, file_size: Number(row.file_size), change_note: '', created_at: row.contributed_at,
        created_by: fullName(row.owner_first_name, row.owner_last_name), is_current: true,
      });
    }
    return { current: row.version, versions };
  }

  /** May review: downloaded or favourited it, and not its owner. */
  async function mayReview(row: ScenarioRow, userId: number): Promise<boolean> {
    if (row.contributed_by === userId) return false;
    const [fav, dl] = await Promise.all([
      db.selectFrom('scenario_favourites').select('user_id').where('scenario_id', '=', row.id).where('user_id', '=', userId).executeTakeFirst(),
      db.selectFrom('scenario_downloaders').select('user_id').where('scenario_id', '=', row.id).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return Boolean(fav || dl);
  }

  const reviewBase = () =>
    db
      .selectFrom('scenario_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.rating', 'r.body', 'r.created_at', 'r.updated_at', 'r.user_id', 'u.uuid_id as user_uuid', 'u.first_name', 'u.last_name']);
  type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewBase>['executeTakeFirstOrThrow']>>;
  const toReview = (r: ReviewRow, viewerId: number): ScenarioReview => ({
    id: r.id,
    rating: r.rating,
    body: r.body,
    created_at: r.created_at,
    updated_at: r.updated_at,
    author: { uuid_id: r.user_uuid, name: fullName(r.first_name, r.last_name) },
    is_mine: r.user_id === viewerId,
  });

  /** Recount a scenario's ratings into its row (cards and the library sort read them there). */
  async function recount(trx: DB, scenarioId: number) {
    const agg = await trx
      .selectFrom('scenario_reviews')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('rating'), eb.lit(0)).as('total')])
      .where('scenario_id', '=', scenarioId)
      .executeTakeFirstOrThrow();
    await trx.updateTable('scenarios').set({ rating_count: Number(agg.n), rating_sum: Number(agg.total) }).where('id', '=', scenarioId).execute();
  }

  return {
    versions: async (viewer: SessionUser, id: string) => versionsOf(await scenarios.findVisible(id, viewer)),

    /** The owner's new version: same page and uuid, a change note required; earlier files are kept. */
    async newVersion(viewer: SessionUser, id: string, file: AcceptedFile, changeNote: string): Promise<ScenarioVersions> {
      const note = changeNote.trim();
      if (!note || note.length > CHANGE_NOTE_MAX) throw unprocessable(CHANGE_NOTE_REQUIRED_MESSAGE);
      const found = await scenarios.findOwned(id, viewer);
      if (!isAdaptable(found)) throw forbidden(NO_ADAPTATION_MESSAGE);
      const next = found.version + 1;
      const key = versionKeyFor(found.uuid_id, next, file.originalName);
      const size = await storeAcceptedFile(app.storage, key, file);
      const stored = await db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('scenarios').select(['id', 'version', 'file_key', 'file_name', 'file_size', 'contributed_at', 'contributed_by']).where('id', '=', found.id);
        if (app.dialect === 'postgres') q = q.forUpdate();
        const row = await q.executeTakeFirst();
        // Another upload got there first (or it was deleted): this file is not a version of it.
        if (!row || row.version !== found.version) return false;
        const listed = await trx.selectFrom('scenario_versions').select('id').where('scenario_id', '=', row.id).limit(1).executeTakeFirst();
        if (!listed) {
          await trx.insertInto('scenario_versions').values({
            scenario_id: row.id, version: row.version, file_key: row.file_key, file_name: row.file_name, file_size: row.file_size,
            change_note: '', created_by: row.contributed_by, created_at: row.contributed_at,
          }).execute();
        }
        await trx.insertInto('scenario_versions').values({
          scenario_id: row.id, version: next, file_key: key, file_name: path.basename(file.originalName), file_size: size,
          change_note: note, created_by: viewer.id, created_at: now(),
        }).execute();
        await trx.updateTable('scenarios').set({ version: next, file_key: key, file_name: path.basename(file.originalName), file_size: size }).where('id', '=', row.id).execute();
        return true;
      });
      if (!stored) {
        await app.storage.delete(key).catch(() => undefined);
        throw conflict('Another version was uploaded at the same time. Reload and try again.');
      }
      // Read the new file's details again (the description and patient the owner gave stay).
      await app.jobs.enqueue(PROCESS_JOB, { id: found.id });
      // People who favourited it or keep a copy of it (not the owner) are told.
      const [favs, copies] = await Promise.all([
        db.selectFrom('scenario_favourites').select('user_id').where('scenario_id', '=', found.id).execute(),
        db.selectFrom('scenarios').select('contributed_by as user_id').where('based_on_id', '=', found.id).execute(),
      ]);
      const who = [...new Set([...favs, ...copies].map((r) => r.user_id))].filter((u) => u !== viewer.id);
      await notifyUsers(db, who, {
        message: { key: 'new_version', params: { name: found.name, note } },
        link: `/scenario/${found.uuid_id}`,
        kind: 'new_version',
        actorId: viewer.id,
        subject: `scenario:${found.id}`,
      });
      return versionsOf((await scenarios.findVisible(found.uuid_id, viewer)));
    },

    /** A signed download of one version (the current one too); counts the download. */
    async downloadVersion(viewer: SessionUser, id: string, version: number): Promise<ScenarioDownload> {
      const row = await scenarios.findVisible(id, viewer);
      const v = version === row.version
        ? { file_key: row.file_key, file_name: row.file_name }
        : await db.selectFrom('scenario_versions').select(['file_key', 'file_name']).where('scenario_id', '=', row.id).where('version', '=', version).executeTakeFirst();
      if (!v) throw notFound(VERSION_NOT_FOUND_MESSAGE);
      const fileName = versionedFileName(v.file_name, version);
      await db.updateTable('scenarios').set((eb) => ({ num_downloads: eb('num_downloads', '+', 1) })).where('id', '=', row.id).execute();
      await db.insertInto('scenario_downloaders').values({ scenario_id: row.id, user_id: viewer.id }).onConflict((oc) => oc.doNothing()).execute();
      return { url: signFileUrl(secret, v.file_key, { fileName, disposition: 'attachment' }), fileName, version, attribution: attributionOf(row) };
    },

    /** The public adaptations (copies) of a scenario, newest first; the count on the card also has the viewer's own. */
    async adaptations(viewer: SessionUser, id: string): Promise<Adaptations> {
      const row = await scenarios.findVisible(id, viewer);
      const rows = await db
        .selectFrom('scenarios as s')
        .innerJoin('users as u', 'u.id', 's.contributed_by')
        .select(['s.uuid_id', 's.name', 's.contributed_at', 'u.first_name', 'u.last_name'])
        .where('s.based_on_id', '=', row.id)
        .where('s.privacy_level', '=', PrivacyLevel.Public)
        .orderBy('s.id', 'desc')
        .limit(100)
        .execute();
      return { adaptations: rows.map((r) => ({ uuid_id: r.uuid_id, name: r.name, author: fullName(r.first_name, r.last_name), contributed_at: r.contributed_at })) };
    },

    /** Reviews, newest first (a page), the average and count, mine, and whether I may review. */
    async reviews(viewer: SessionUser, id: string, offset: number, count: number): Promise<ScenarioReviews> {
      const row = await scenarios.findVisible(id, viewer);
      const [page, mine, may] = await Promise.all([
        reviewBase().where('r.scenario_id', '=', row.id).orderBy('r.id', 'desc').limit(count).offset(offset).execute(),
        reviewBase().where('r.scenario_id', '=', row.id).where('r.user_id', '=', viewer.id).executeTakeFirst(),
        mayReview(row, viewer.id),
      ]);
      return {
        rating_average: ratingAverage(row),
        rating_count: row.rating_count,
        can_review: may,
        mine: mine ? toReview(mine, viewer.id) : null,
        reviews: page.map((r) => toReview(r, viewer.id)),
      };
    },

    /** Rate (and review) it, or change my review: one per person. The owner is told of a new one. */
    async saveReview(viewer: SessionUser, id: string, input: ReviewInput): Promise<ScenarioReview> {
      const row = await scenarios.findVisible(id, viewer);
      if (row.contributed_by === viewer.id) throw forbidden(REVIEW_OWN_MESSAGE);
      if (!(await mayReview(row, viewer.id))) throw forbidden(REVIEW_NOT_ALLOWED_MESSAGE);
      const body = input.body?.trim() || null;
      const created = await db.transaction().execute(async (trx) => {
        const at = now();
        // The unique (scenario, person) key makes a second one an update, also when two arrive at once.
        const existing = await trx.selectFrom('scenario_reviews').select('id').where('scenario_id', '=', row.id).where('user_id', '=', viewer.id).executeTakeFirst();
        await trx
          .insertInto('scenario_reviews')
          .values({ scenario_id: row.id, user_id: viewer.id, rating: input.rating, body, created_at: at, updated_at: at })
          .onConflict((oc) => oc.columns(['scenario_id', 'user_id']).doUpdateSet({ rating: input.rating, body, updated_at: at }))
          .execute();
        await recount(trx, row.id);
        return !existing;
      });
      if (created) {
        await notifyUsers(db, [row.contributed_by], {
          message: { key: 'review', params: { who: fullName(viewer.first_name, viewer.last_name), name: row.name, rating: input.rating, text: body ?? '' } },
          link: `/scenario/${row.uuid_id}#reviews`,
          kind: 'review',
          actorId: viewer.id,
          subject: `scenario:${row.id}`,
        });
      }
      const saved = await reviewBase().where('r.scenario_id', '=', row.id).where('r.user_id', '=', viewer.id).executeTakeFirstOrThrow();
      return toReview(saved, viewer.id);
    },

    async deleteReview(viewer: SessionUser, id: string): Promise<MessageBody> {
      const row = await scenarios.findVisible(id, viewer);
      const gone = await db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom('scenario_reviews').where('scenario_id', '=', row.id).where('user_id', '=', viewer.id).executeTakeFirst();
        await recount(trx, row.id);
        return Number(res.numDeletedRows) > 0;
      });
      if (!gone) throw notFound('Review not found');
      return { message: 'Review deleted.' };
    },

    /** Report someone's review, once per person (422 my own, 409 again), as posts are reported: administrators are told. */
    async reportReview(viewer: SessionUser, reviewId: number): Promise<MessageBody> {
      const review = await db.selectFrom('scenario_reviews').select(['id', 'scenario_id', 'user_id']).where('id', '=', reviewId).executeTakeFirst();
      if (!review) throw notFound('Review not found');
      // The review's scenario must be one the reporter may see.
      const row = await scenarios.findVisible(String(review.scenario_id), viewer);
      if (review.user_id === viewer.id) throw unprocessable(REVIEW_OWN_REPORT_MESSAGE);
      const added = await db.insertInto('scenario_review_reports').values({ review_id: review.id, user_id: viewer.id, created_at: now(), ignored_at: null })
        .onConflict((oc) => oc.doNothing()).executeTakeFirst();
      if (!Number(added.numInsertedOrUpdatedRows ?? 0)) throw conflict(REVIEW_ALREADY_REPORTED_MESSAGE);
      const admins = (await db.selectFrom('users').select('id').where('enabled', '=', 1).where(sql<number>`role & ${Role.Admin}`, '=', Role.Admin).where('id', '!=', viewer.id).execute()).map((a) => a.id);
      await notifyUsers(db, admins, { message: { key: 'review_reported', params: { name: row.name } }, link: `/scenario/${row.uuid_id}#reviews`, kind: 'moderation', subject: `review:${review.id}` });
      return { message: 'Review reported' };
    },

    /** Open reports of reviews (not ignored), newest first, one per review and reporter. */
    async reportedReviews(): Promise<ReportedReview[]> {
      const rows = await db
        .selectFrom('scenario_review_reports as rr')
        .innerJoin('scenario_reviews as r', 'r.id', 'rr.review_id')
        .innerJoin('scenarios as s', 's.id', 'r.scenario_id')
        .innerJoin('users as a', 'a.id', 'r.user_id')
        .innerJoin('users as u', 'u.id', 'rr.user_id')
        .select([
          'r.id', 'r.rating', 'r.body', 'r.created_at', 'a.uuid_id as author_uuid', 'a.first_name as author_first', 'a.last_name as author_last',
          's.uuid_id as scenario_uuid', 's.name as scenario_name', 'u.id as reporter_id', 'u.first_name as reporter_first', 'u.last_name as reporter_last',
          'rr.created_at as reported_at',
        ])
        .where('rr.ignored_at', 'is', null)
        .orderBy('rr.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(500)
        .execute();
      return rows.map((r) => ({
        review: { id: r.id, rating: r.rating, body: r.body, created_at: r.created_at, author: { uuid_id: r.author_uuid, name: fullName(r.author_first, r.author_last) } },
        scenario: { uuid_id: r.scenario_uuid, name: r.scenario_name },
        reported_by: { id: r.reporter_id, name: fullName(r.reporter_first, r.reporter_last) },
        reported_at: r.reported_at,
      }));
    },

    /** Ignore one open report of a review (404 when there is none). */
    async ignoreReviewReport(reviewId: number, userId: number): Promise<MessageBody> {
      const res = await db.updateTable('scenario_review_reports').set({ ignored_at: now() })
        .where('review_id', '=', reviewId).where('user_id', '=', userId).where('ignored_at', 'is', null).executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound('Report not found');
      return { message: 'Report ignored' };
    },

    /** Delete a review as a moderator: its rating leaves the average (with its reports) and its author is told. */
    async deleteReviewAsAdmin(reviewId: number): Promise<MessageBody> {
      const found = await db.transaction().execute(async (trx) => {
        const review = await trx.selectFrom('scenario_reviews as r').innerJoin('scenarios as s', 's.id', 'r.scenario_id')
          .select(['r.id', 'r.user_id', 'r.scenario_id', 's.name', 's.uuid_id']).where('r.id', '=', reviewId).executeTakeFirst();
        if (!review) return null;
        await trx.deleteFrom('scenario_review_reports').where('review_id', '=', review.id).execute();
        await trx.deleteFrom('scenario_reviews').where('id', '=', review.id).execute();
        await recount(trx, review.scenario_id);
        return review;
      });
      if (!found) throw notFound('Review not found');
      await notifyUsers(db, [found.user_id], { message: { key: 'review_removed', params: { name: found.name } }, link: `/scenario/${found.uuid_id}#reviews`, kind: 'moderation' });
      return { message: 'Review deleted.' };
    },
  };
}
