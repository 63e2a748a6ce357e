// Kysely queries for media: one query per method, paginated in SQL (indexes in migration 0004).
import { sql, type Expression, type SqlBool, type Selectable, type ExpressionBuilder } from 'kysely';
import type { DB, Dialect } from '../../db/connection.js';
import { ilike, now } from '../../db/connection.js';
import type { Database, MediaTable } from '../../db/types.js';
import { ApprovalStatus, PrivacyLevel, ProcessingState } from '../../../shared/enums.js';
import { listCache } from '../../lib/list-cache.js';
import { idsInListOrder, pageWindow, readOrder, rowsInOrder } from '../../lib/pages.js';
import { enabledUserId, flipFavourite } from '../../lib/favourites.js';
import { groupRows } from '../../lib/group-rows.js';

export type MediaRow = Selectable<MediaTable>;
export type MediaWithOwner = MediaRow & {
  owner_uuid: string;
  owner_first_name: string;
  owner_last_name: string;
  /** Who confirmed de-identification (null: nobody, or their account is gone). */
  confirmer_first_name: string | null;
  confirmer_last_name: string | null;
};

export interface LibraryFilter {
  /** -1 all, 0 image, 1 video */
  type: number;
  tagIds: number[];
  words: string[];
}

type EB = ExpressionBuilder<Database & { u: Database['users'] }, 'media' | 'u'>;

/** LIKE pattern with %, _ and \ escaped (the search keeps '_' and '-'). */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function mediaRepository(db: DB, dialect: Dialect) {
  /**
   * Run `fn` in a transaction holding the media row's lock (PostgreSQL; SQLite has one writer at a
   * time anyway), with a repository bound to that transaction: writes to one item (tags,
   * favourites, edits) never interleave. Answers `missing` when the item is gone.
   */
  function locked<T, M>(id: number, fn: (repo: MediaRepository) => Promise<T>, missing: M): Promise<T | M> {
    return db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('media').select('id').where('id', '=', id);
      if (dialect === 'postgres') q = q.forNoKeyUpdate();
      if (!(await q.executeTakeFirst())) return missing;
      return fn(mediaRepository(trx, dialect));
    });
  }

  const withOwner = () =>
    db
      .selectFrom('media')
      .innerJoin('users as u', 'u.id', 'media.contributed_by')
      .leftJoin('users as cu', 'cu.id', 'media.public_confirmed_by')
      .selectAll('media')
      .select(['u.uuid_id as owner_uuid', 'u.first_name as owner_first_name', 'u.last_name as owner_last_name', 'cu.first_name as confirmer_first_name', 'cu.last_name as confirmer_last_name']);

  const totals = listCache(db);
  type MediaQuery = ReturnType<typeof mediaIds>;
  const mediaIds = () => db.selectFrom('media');

  /**
   * Rows offset..offset+count of `total`, newest first, of the media `filter` keeps: their ids from
   * an index (from the nearer end of the list), then only those rows, with their owners.
   */
  async function newestPage(total: number, offset: number, count: number, filter: (q: MediaQuery) => MediaQuery): Promise<MediaWithOwner[]> {
    const w = pageWindow(total, offset, count);
    if (!w) return [];
    const dir = readOrder(w, 'desc');
    const found = await filter(mediaIds()).select('media.id').orderBy('media.contributed_at', dir).orderBy('media.id', dir).limit(w.limit).offset(w.offset).execute();
    const ids = idsInListOrder(w, found.map((r) => r.id));
    return ids.length ? rowsInOrder(ids, await withOwner().where('media.id', 'in', ids).execute()) : [];
  }

  const libraryWhere = (eb: EB, f: LibraryFilter): Expression<SqlBool> => {
    const op = ilike(dialect);
    const conds: Expression<SqlBool>[] = [
      eb('media.approval_status', '=', ApprovalStatus.Approved),
      eb('media.privacy_level', '=', PrivacyLevel.Public),
      eb('media.is_processed', '=', ProcessingState.Processed),
    ];
    if (f.type === 0 || f.type === 1) conds.push(eb('media.is_video', '=', f.type));
    if (f.tagIds.length) {
      conds.push(eb.exists(eb.selectFrom('media_tags as mt').select('mt.media_id').whereRef('mt.media_id', '=', 'media.id').where('mt.tag_id', 'in', f.tagIds)));
    }
    // Every word must appear in the name, the description or a tag title.
    for (const word of f.words) {
      const p = likePattern(word);
      conds.push(
        eb.or([
          sql<SqlBool>`${sql.ref('media.name')} ${op} ${p} ESCAPE '\\'`,
          sql<SqlBool>`coalesce(${sql.ref('media.description')}, '') ${op} ${p} ESCAPE '\\'`,
          eb.exists(
            eb
              .selectFrom('media_tags as st')
              .innerJoin('tags as t', 't.id', 'st.tag_id')
              .select('st.media_id')
              .whereRef('st.media_id', '=', 'media.id')
              .where(sql<SqlBool>`${sql.ref('t.title')} ${op} ${p} ESCAPE '\\'`),
          ),
        ]),
      );
    }
    return eb.and(conds);
  };

  return {
    async byId(id: number): Promise<MediaWithOwner | undefined> {
      return withOwner().where('media.id', '=', id).executeTakeFirst();
    },
    async byUuid(uuid: string): Promise<MediaWithOwner | undefined> {
      return withOwner().where('media.uuid_id', '=', uuid).executeTakeFirst();
    },

    async library(f: LibraryFilter, offset: number, count: number) {
      // Every item has its owner (contributed_by is a cascading foreign key): counted without the join.
      const countRows = async () =>
        Number((await db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => libraryWhere(eb as unknown as EB, f)).executeTakeFirstOrThrow()).n);
      // Without tags or words (media_tags has no version) counted once per type until media change (lib/list-cache.ts).
      const total = f.tagIds.length || f.words.length ? await countRows() : await totals.total(`media library ${f.type}`, ['media'], countRows);
      // Deferred join: ids from media_library_page / media_library_type (0020), nearer end first.
      // (Words match with LIKE inside name and description, so a search reads the rows it checks.)
      return { total, rows: await newestPage(total, offset, count, (q) => q.where((eb) => libraryWhere(eb as unknown as EB, f))) };
    },

    /** Another user's media as others see it: approved, public, processed. */
    async userPublic(userId: number, offset: number, count: number) {
      const visible = (q: MediaQuery) =>
        q
          .where('media.contributed_by', '=', userId)
          .where('media.approval_status', '=', ApprovalStatus.Approved)
          .where('media.privacy_level', '=', PrivacyLevel.Public)
          .where('media.is_processed', '=', ProcessingState.Processed);
      const total = await totals.total(`media public ${userId}`, ['media'], async () =>
        Number((await visible(db.selectFrom('media')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      // Deferred join: ids from media_owner_public (0020).
      return { total, rows: await newestPage(total, offset, count, visible) };
    },

    async mine(userId: number, offset: number, count: number, opts: { onlyUnposted?: boolean } = {}) {
      const run = async (excludePosted: boolean) => {
        const filter = (q: MediaQuery) => {
          let r = q.where('media.contributed_by', '=', userId);
          if (opts.onlyUnposted) {
            // Unposted media is what can still be attached to a new post: processed and approved.
            r = r.where('media.is_processed', '=', ProcessingState.Processed).where('media.approval_status', '=', ApprovalStatus.Approved);
            if (excludePosted) r = r.where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM post_media pm WHERE pm.media_id = media.id)`);
          }
          return r;
        };
        const countRows = async () => Number((await filter(db.selectFrom('media')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        // All of one's media: counted once until media change (lib/list-cache.ts).
        const total = opts.onlyUnposted ? await countRows() : await totals.total(`media mine ${userId}`, ['media'], countRows);
        // Deferred join: ids from media_owner_page (0020).
        return { rows: await newestPage(total, offset, count, filter), total };
      };
      if (!opts.onlyUnposted) return run(false);
      try {
        return await run(true);
      } catch {
        // Posts (and post_media) may not exist in this installation yet: nothing has been posted.
        return run(false);
      }
    },

    async pendingApproval() {
      return withOwner()
        .where('media.approval_status', '=', ApprovalStatus.Unapproved)
        .where('media.is_processed', '=', ProcessingState.Processed)
        .orderBy('media.contributed_at', 'asc')
        .orderBy('media.id', 'asc')
        .execute();
    },

    async favouritesOf(userId: number, visibleTo: number) {
      return withOwner()
        .innerJoin('media_favourites as f', 'f.media_id', 'media.id')
        .where('f.user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('media.contributed_by', '=', visibleTo),
            eb.and([eb('media.approval_status', '=', ApprovalStatus.Approved), eb('media.privacy_level', '=', PrivacyLevel.Public)]),
          ]),
        )
        .orderBy('f.created_at', 'desc')
        .execute();
    },

    async favouriteIds(userId: number, mediaIds: number[]): Promise<Set<number>> {
      if (!mediaIds.length) return new Set();
      const rows = await db.selectFrom('media_favourites').select('media_id').where('user_id', '=', userId).where('media_id', 'in', mediaIds).execute();
      return new Set(rows.map((r) => r.media_id));
    },

    /**
     * Toggle; returns true when it is now a favourite. Toggles of one item run one after another,
     * so two at once answer 'added' and 'removed'; null when the item is gone.
     */
    async toggleFavourite(userId: number, mediaId: number): Promise<boolean | null> {
      return locked(mediaId, (r) => r.flipFavourite(userId, mediaId), null);
    },

    /** The toggle itself; call it under `locked`. */
    flipFavourite: (userId: number, mediaId: number): Promise<boolean> => flipFavourite(db, 'media_favourites', 'media_id', userId, mediaId),

    locked,

    /** The enabled user named by id or uuid_id, or undefined. */
    enabledUserId: (ref: number | string): Promise<number | undefined> => enabledUserId(db, ref),

    async tagsFor(mediaIds: number[]): Promise<Map<number, { id: number; title: string }[]>> {
      if (!mediaIds.length) return new Map();
      const rows = await db
        .selectFrom('media_tags as mt')
        .innerJoin('tags as t', 't.id', 'mt.tag_id')
        .select(['mt.media_id', 't.id', 't.title'])
        .where('mt.media_id', 'in', mediaIds)
        .orderBy('t.title')
        .execute();
      return groupRows(rows, (r) => r.media_id, (r) => ({ id: r.id, title: r.title }));
    },

    async existingTagIds(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('tags').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    /**
     * Make the item's tags exactly `tagIds`. Run it under `locked` when others may write the same
     * item; a tag already there is kept, never inserted twice.
     */
    async replaceTags(mediaId: number, tagIds: number[]) {
      let del = db.deleteFrom('media_tags').where('media_id', '=', mediaId);
      if (tagIds.length) del = del.where('tag_id', 'not in', tagIds);
      await del.execute();
      if (tagIds.length) {
        await db
          .insertInto('media_tags')
          .values(tagIds.map((tag_id) => ({ media_id: mediaId, tag_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    },

    /** The licence the user's uploads get. */
    async defaultLicenceOf(userId: number): Promise<string> {
      const row = await db.selectFrom('users').select('default_licence').where('id', '=', userId).executeTakeFirst();
      return row?.default_licence ?? 'community';
    },

    async insert(values: Omit<MediaRow, 'id'>): Promise<number> {
      const row = await db.insertInto('media').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Partial<Omit<MediaRow, 'id'>>) {
      if (!Object.keys(values).length) return;
      await db.updateTable('media').set(values).where('id', '=', id).execute();
    },

    /** Moves unapproved -> approved/rejected only if it is still unapproved; false when someone else got there first. */
    async review(id: number, from: number, to: number, reason: string | null): Promise<boolean> {
      const res = await db
        .updateTable('media')
        .set({ approval_status: to, rejection_reason: reason })
        .where('id', '=', id)
        .where('approval_status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async incrementDownloads(id: number) {
      await db.updateTable('media').set((eb) => ({ num_downloads: eb('num_downloads', '+', 1) })).where('id', '=', id).execute();
    },

    async delete(id: number) {
      await db.deleteFrom('media').where('id', '=', id).execute();
    },

    async audit(actorId: number, action: string, targetId: string, detail: string | null) {
      await db.insertInto('audit_log').values({ actor_id: actorId, action, target_type: 'media', target_id: targetId, detail, created_at: now() }).execute();
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
