// Kysely queries for posts, their attachments, tags and reports. Attachments read the scenarios and
// media tables directly (their columns are the shared contract), never through those features' code.
import { sql } from 'kysely';
import type { DB, Dialect } from '../../db/connection.js';
import type { PostTable } from '../../db/types.js';
import type { Selectable } from 'kysely';
import { now } from '../../db/connection.js';
import { PostStatus, ProcessingState } from '../../../shared/enums.js';
import { FEED_TOTAL, feedTotalOf, groupTotal, storedTotal } from '../../lib/list-totals.js';
import { listCache, type VersionedTable } from '../../lib/list-cache.js';
import { jsonRow, jsonRows, parsedJson } from '../../lib/json-parts.js';
import { builtOnce } from '../../db/built-once.js';
import { replySummaries } from './replies.js';
import { conversationRepository } from './conversation-repository.js';
import { HELPFUL_WINDOW_DAYS, type PostSort } from '../../../shared/schemas/conversation.js';
import { afterCursor, encodeCursor, idsInListOrder, MONTH_FREE_OFFSET, monthStart, pageWindow, readOrder, rowsInOrder, type Cursor, type Direction, type PageWindow } from '../../lib/pages.js';

export type PostRow = Selectable<PostTable>;

export interface FeedQuery {
  groupId: number | null;
  /** With groupId null: the feed of this user, public posts plus approved posts of their groups. */
  viewerId?: number;
  tagIds: number[];
  offset: number;
  count: number;
  /** The page after this post (infinite scroll); offset is then not used. */
  after?: Cursor;
  /** newest (default), or helpful: posts of the last 30 days, most helpful first, then newest. */
  sort?: PostSort;
}

/**
 * The start of the 'most helpful' window: 30 days before the start of the current hour, so the
 * window (and a cached page or total) stays the same for an hour.
 */
export function helpfulSince(at = Date.now()): string {
  const hour = 3_600_000;
  return new Date(Math.floor(at / hour) * hour - HELPFUL_WINDOW_DAYS * 24 * hour).toISOString();
}

/** Everything a page of posts shows: posts, their tags and attachments, groups, memberships and authors. */
const POST_PAGE_TABLES: VersionedTable[] = ['post_replies', 'post_reactions', 'reply_reactions', 'mentions', 'posts', 'post_tags', 'tags', 'post_scenarios', 'scenarios', 'post_media', 'media', 'forum_groups', 'group_members', 'users'];

/** What a post's card shows besides the post (postsRepository().cardParts). */
export interface CardParts {
  creator: { id: number; uuid_id: string; first_name: string; last_name: string } | null;
  tags: { id: number; title: string }[];
  scenarios: { id: number; uuid_id: string; name: string; device_id: number; file_name: string; privacy_level: number; is_processed: number; processing_error: string | null; contributed_by: number }[];
  media: { id: number; uuid_id: string; name: string; alt_text: string | null; is_video: number; thumb_key: string | null; privacy_level: number; contributed_by: number }[];
  mentions: { username: string; uuid_id: string }[];
  reacted: boolean;
  /** The post's group (null for a feed post): its name, and whether the reader is a member. */
  group: { name: string; member: boolean } | null;
}

/** The parts of postsRepository().cardParts, read at once (built once per shape: db/built-once.ts). */
const cardPartsRead = builtOnce(
  (db: DB, a: { postIds: number[]; viewerId: number; dialect: Dialect }) =>
    db
      .selectFrom('posts as p')
      .where('p.id', 'in', a.postIds)
      .select((eb) => [
        'p.id',
        jsonRow(a.dialect, eb.selectFrom('users as u').select(['u.id', 'u.uuid_id', 'u.first_name', 'u.last_name']).whereRef('u.id', '=', 'p.creator_id')).as('creator'),
        jsonRows(
          a.dialect,
          eb.selectFrom('post_tags as pt').innerJoin('tags as t', 't.id', 'pt.tag_id').select(['t.id', 't.title']).whereRef('pt.post_id', '=', 'p.id').orderBy('t.title'),
        ).as('tags'),
        jsonRows(
          a.dialect,
          eb
            .selectFrom('post_scenarios as ps')
            .innerJoin('scenarios as s', 's.id', 'ps.scenario_id')
            .select(['s.id', 's.uuid_id', 's.name', 's.device_id', 's.file_name', 's.privacy_level', 's.is_processed', 's.processing_error', 's.contributed_by'])
            .whereRef('ps.post_id', '=', 'p.id')
            .orderBy('s.name'),
        ).as('scenarios'),
        jsonRows(
          a.dialect,
          eb
            .selectFrom('post_media as pm')
            .innerJoin('media as m', 'm.id', 'pm.media_id')
            .select(['m.id', 'm.uuid_id', 'm.name', 'm.alt_text', 'm.is_video', 'm.thumb_key', 'm.privacy_level', 'm.contributed_by'])
            .whereRef('pm.post_id', '=', 'p.id')
            // Unary plus keeps these terms off the media indexes: SQLite would otherwise walk every approved
            // media item (media_library_type) and look each up in post_media, instead of the post's few links.
            .where(sql<number>`+${sql.ref('m.approval_status')}`, '=', 2)
            .where(sql<number>`+${sql.ref('m.is_processed')}`, '=', ProcessingState.Processed)
            .orderBy('m.id'),
        ).as('media'),
        jsonRows(
          a.dialect,
          eb
            .selectFrom('mentions as mn')
            .innerJoin('users as mu', 'mu.id', 'mn.user_id')
            .select(['mu.username', 'mu.uuid_id'])
            .where('mn.subject', '=', sql<string>`'post:' || ${sql.ref('p.id')}`)
            .orderBy('mu.username'),
        ).as('mentions'),
        eb.exists(eb.selectFrom('post_reactions as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', a.viewerId)).as('reacted'),
        // The post's group: its name, and whether the reader belongs to it (any membership row,
        // as the groups port's idsOf counts it).
        eb.selectFrom('forum_groups as g').select('g.name').whereRef('g.id', '=', 'p.group_id').as('group_name'),
        eb.exists(eb.selectFrom('group_members as gm').select('gm.group_id').whereRef('gm.group_id', '=', 'p.group_id').where('gm.user_id', '=', a.viewerId)).as('in_group'),
      ]),
  { shape: ['dialect'] },
);

/** Posts by id (built once per number of ids). */
const postsRead = builtOnce((db: DB, a: { ids: number[] }) => db.selectFrom('posts').selectAll().where('id', 'in', a.ids));

/** Which posts: one group's, the public feed's, the reader's groups', or public and the reader's groups'. */
type Scope = { groupId: number } | 'public' | { groupsOf: number } | { feedOf: number };
type ScopeKind = 'groupId' | 'public' | 'groupsOf' | 'feedOf';
/** A scope as its kind and its id (0 for the public feed), and back: the arguments of a read built once. */
function scopeParts(scope: Scope): { kind: ScopeKind; scopeId: number } {
  if (scope === 'public') return { kind: 'public', scopeId: 0 };
  const [kind, scopeId] = Object.entries(scope)[0] as [ScopeKind, number];
  return { kind, scopeId };
}
const scopeOf = (kind: ScopeKind, id: number): Scope => (kind === 'public' ? 'public' : ({ [kind]: id } as Scope));

/** The group ids a user belongs to, as a subquery for `where group_id in (...)`. */
const memberGroupIds = (db: DB, userId: number) => db.selectFrom('group_members').select('group_members.group_id').where('group_members.user_id', '=', userId);

function feedBase(db: DB, scope: Scope, tagIds: number[]) {
  return db
    .selectFrom('posts')
    .where('posts.deleted_at', 'is', null)
    .where('posts.status', '=', PostStatus.Approved)
    .where((eb) =>
      scope === 'public'
        ? eb('posts.group_id', 'is', null)
        : 'groupId' in scope
          ? eb('posts.group_id', '=', scope.groupId)
          : 'groupsOf' in scope
            ? eb('posts.group_id', 'in', memberGroupIds(db, scope.groupsOf))
            : eb.or([eb('posts.group_id', 'is', null), eb('posts.group_id', 'in', memberGroupIds(db, scope.feedOf))]),
    )
    .$if(tagIds.length > 0, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('post_tags')
            .select('post_tags.post_id')
            .whereRef('post_tags.post_id', '=', 'posts.id')
            .where('post_tags.tag_id', 'in', tagIds),
        ),
      ),
    );
}

/** A page of a feed's post ids: `limit` at `offset` read in `dir`. (A type, not an interface: builtOnce takes a record.) */
type FeedIdsAt = { kind: ScopeKind; scopeId: number; tagIds: number[]; dir: Direction; limit: number; offset: number };
const feedIdsAt = (db: DB, a: FeedIdsAt) =>
  feedBase(db, scopeOf(a.kind, a.scopeId), a.tagIds).select('posts.id').orderBy('posts.created_at', a.dir).orderBy('posts.id', a.dir).limit(a.limit).offset(a.offset);

/** A page of a feed's post ids, `limit` at `offset` read in `dir` (built once per shape). */
const feedIdsAtRead = builtOnce(feedIdsAt, { shape: ['kind', 'dir'] });

/** The same from the start of a month, `start` (monthStart; built once per shape). */
const feedIdsFromMonthRead = builtOnce(
  (db: DB, a: FeedIdsAt & { start: string }) => feedIdsAt(db, a).where('posts.created_at', a.dir === 'desc' ? '<' : '>=', a.start),
  { shape: ['kind', 'dir'] },
);

/**
 * The listed posts of a feed by month (migration 0057), in `dir`: one group's, the public feed's, or
 * a reader's (the public feed's and each of the reader's groups' added up). Built once per shape.
 */
const feedMonthsRead = builtOnce(
  (db: DB, a: { kind: ScopeKind; scopeId: number; dir: Direction }) =>
    db
      .selectFrom('post_months')
      .select((eb) => ['post_months.month', eb.fn.sum<number | string>('post_months.n').as('n')])
      .where((eb) =>
        a.kind === 'public'
          ? eb('post_months.listing', '=', 0)
          : a.kind === 'groupId'
            ? eb('post_months.listing', '=', a.scopeId)
            : eb.or([eb('post_months.listing', '=', 0), eb('post_months.listing', 'in', memberGroupIds(db, a.scopeId))]),
      )
      .groupBy('post_months.month')
      .having((eb) => eb.fn.sum('post_months.n'), '>', 0)
      .orderBy('post_months.month', a.dir),
  { shape: ['kind', 'dir'] },
);

/** A page of a feed's post ids after a cursor, newest first (built once per shape). */
const feedIdsAfterRead = builtOnce(
  (db: DB, a: { kind: ScopeKind; scopeId: number; tagIds: number[]; at: string; id: number; limit: number }) =>
    feedBase(db, scopeOf(a.kind, a.scopeId), a.tagIds)
      .select('posts.id')
      .where(afterCursor('posts.created_at', 'posts.id', { at: a.at, id: a.id }))
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(a.limit),
  { shape: ['kind'] },
);

export function postsRepository(db: DB, dialect: Dialect) {
  const totals = listCache(db);
  /** A feed count, cached until a post, a post's tags or (for the reader's groups) a membership changes. */
  function feedCount(scope: Scope, tagIds: number[]): Promise<number> {
    const tags = [...tagIds].sort((a, b) => a - b).join(',');
    const [key, tables]: [string, VersionedTable[]] =
      scope === 'public'
        ? [`feed public ${tags}`, ['posts', 'post_tags']]
        : 'groupId' in scope
          ? [`feed group ${scope.groupId} ${tags}`, ['posts', 'post_tags']]
          : 'groupsOf' in scope
            ? [`feed groups of ${scope.groupsOf} ${tags}`, ['posts', 'post_tags', 'group_members']]
            : [`feed of ${scope.feedOf} ${tags}`, ['posts', 'post_tags', 'group_members']];
    return totals.total(key, tables, async () => {
      // Without tags the database keeps the total (lib/list-totals.ts): no rows are counted.
      if (!tagIds.length && scope === 'public') return storedTotal(db, FEED_TOTAL);
      if (!tagIds.length && typeof scope === 'object' && 'groupId' in scope) return storedTotal(db, groupTotal(scope.groupId));
      if (!tagIds.length && typeof scope === 'object' && 'feedOf' in scope) return feedTotalOf(db, scope.feedOf);
      return Number((await feedBase(db, scope, tagIds).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    });
  }

  /**
   * 'Most helpful': the posts of the last 30 days in the scope, by helpful_count, then newest, a
   * page at an offset (the order changes as people react, so there is no cursor). The page's ids
   * come from posts_feed_helpful / posts_group_helpful (0041), then only those rows are read.
   */
  async function helpfulPage(scope: Scope, q: FeedQuery): Promise<{ rows: PostRow[]; total: number; nextCursor: null }> {
    const since = helpfulSince();
    const base = () => feedBase(db, scope, q.tagIds).where('posts.created_at', '>=', since);
    const scopeKey = scope === 'public' ? 'public' : 'groupId' in scope ? `group ${scope.groupId}` : 'groupsOf' in scope ? `groups of ${scope.groupsOf}` : `of ${scope.feedOf}`;
    const tables: VersionedTable[] = ['posts', 'post_tags', 'group_members'];
    const total = await totals.total(`feed helpful ${scopeKey} ${[...q.tagIds].sort((a, b) => a - b).join(',')} ${since}`, tables, async () =>
      Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    );
    if (q.offset >= total) return { rows: [], total, nextCursor: null };
    const found = (
      await base()
        .select('posts.id')
        .orderBy('posts.helpful_count', 'desc')
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(q.count)
        .offset(q.offset)
        .execute()
    ).map((r) => r.id);
    const rows = found.length ? rowsInOrder(found, await postsRead(db, { ids: found })) : [];
    return { rows, total, nextCursor: null };
  }

  /**
   * The ids of a page of a feed without tags, `w` read in `dir`: from the months' counts (migration
   * 0057) the month that holds the page's first row, then the page from the start of that month,
   * stepping over that month's earlier posts only, not every one before.
   */
  async function monthPageIds(kind: ScopeKind, scopeId: number, w: PageWindow, dir: Direction): Promise<number[]> {
    const from = monthStart(await feedMonthsRead(db, { kind, scopeId, dir }), w.offset, dir);
    if (!from) return [];
    return (await feedIdsFromMonthRead(db, { kind, scopeId, tagIds: [], dir, start: from.start, limit: w.limit, offset: from.offset })).map((r) => r.id);
  }

  const conversation = conversationRepository(db);

  return {
    /** Reactions and mentions (conversation-repository.ts). */
    conversation,

    /** A page of posts as answered, cached until any table it shows changes (lib/list-cache.ts). */
    cachedPage: <T>(key: string, read: () => Promise<T>) => totals.page(key, POST_PAGE_TABLES, read),

    async feedPage(q: FeedQuery): Promise<{ rows: PostRow[]; total: number; nextCursor: string | null }> {
      const scope: Scope = q.groupId !== null ? { groupId: q.groupId } : q.viewerId === undefined ? 'public' : { feedOf: q.viewerId };
      if (q.sort === 'helpful') return helpfulPage(scope, q);
      // A feed with groups and tags is counted in two parts, each answered from the posts_feed_group
      // index alone (0020); without tags, from the stored totals in one read.
      const countScopes: Scope[] = typeof scope === 'object' && 'feedOf' in scope && q.tagIds.length ? ['public', { groupsOf: scope.feedOf }] : [scope];
      const total = (await Promise.all(countScopes.map((c) => feedCount(c, q.tagIds)))).reduce((sum, n) => sum + n, 0);
      // The page's ids from posts_feed_group (one group, or none) or posts_feed_visible (a reader's feed),
      // then only those rows. Infinite scroll passes the last post it has: a keyset seek to it, so
      // the page costs the same however far the reader scrolled. An offset (the spec's URLs) is a
      // deferred join read from the nearer end of the list; further than MONTH_FREE_OFFSET from
      // both ends (and without tags), from the start of the month that holds it.
      const { kind, scopeId } = scopeParts(scope);
      let found: number[];
      if (q.after) {
        found = (await feedIdsAfterRead(db, { kind, scopeId, tagIds: q.tagIds, at: q.after.at, id: q.after.id, limit: q.count })).map((r) => r.id);
      } else {
        const w = pageWindow(total, q.offset, q.count);
        if (!w) return { rows: [], total, nextCursor: null };
        const dir = readOrder(w, 'desc');
        const ids =
          !q.tagIds.length && w.offset > MONTH_FREE_OFFSET
            ? await monthPageIds(kind, scopeId, w, dir)
            : (await feedIdsAtRead(db, { kind, scopeId, tagIds: q.tagIds, dir, limit: w.limit, offset: w.offset })).map((r) => r.id);
        found = idsInListOrder(w, ids);
      }
      const rows = found.length ? rowsInOrder(found, await postsRead(db, { ids: found })) : [];
      const last = rows.at(-1);
      const more = q.after ? found.length === q.count : q.offset + found.length < total;
      return { rows, total, nextCursor: more && last ? encodeCursor({ at: last.created_at, id: last.id }) : null };
    },

    /** Reply counts and the newest replies of each post, as the reader sees them (features/replies). */
    replySummaries: (viewer: { id: number; role: number }, rows: { id: number; group_id: number | null }[]) => replySummaries(db, viewer, rows),

    liveById: (id: number) => db.selectFrom('posts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),

    async insertPost(
      values: { title: string; text: string; creator_id: number; group_id: number | null; status: number; type: PostRow['type'] },
      links: { scenarioIds: number[]; mediaIds: number[]; tagIds: number[] },
    ): Promise<PostRow> {
      const insert = (on: DB) => on.insertInto('posts').values({ ...values, created_at: now(), deleted_at: null }).returningAll().executeTakeFirstOrThrow();
      // A post with nothing linked is one statement, whole or not at all (its triggers with it): no
      // transaction, which on PostgreSQL is two round trips more.
      if (!links.scenarioIds.length && !links.mediaIds.length && !links.tagIds.length) return insert(db);
      return db.transaction().execute(async (trx) => {
        const post = await insert(trx);
        if (links.scenarioIds.length)
          await trx.insertInto('post_scenarios').values(links.scenarioIds.map((scenario_id) => ({ post_id: post.id, scenario_id }))).execute();
        if (links.mediaIds.length)
          await trx.insertInto('post_media').values(links.mediaIds.map((media_id) => ({ post_id: post.id, media_id }))).execute();
        if (links.tagIds.length)
          await trx.insertInto('post_tags').values(links.tagIds.map((tag_id) => ({ post_id: post.id, tag_id }))).execute();
        return post;
      });
    },

    /** False when the post was already deleted (by a concurrent request too). */
    softDelete: async (id: number): Promise<boolean> => {
      const res = await db.updateTable('posts').set({ deleted_at: now() }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /**
     * What a post's card shows besides the post, for each of `postIds`, in one read: its author, tags
     * (by title), attached scenarios (by name) and media (by id, approved and processed), the people
     * it mentions (by username), whether `viewerId` found it helpful, and its group's name and
     * whether they belong to it. (Asked one by one these were eight queries a page; on PostgreSQL
     * each is a round trip, whose writes and wake-ups cost both processes more than the reads
     * themselves.) Who may see an attachment is the service's rule.
     */
    async cardParts(postIds: number[], viewerId: number): Promise<Map<number, CardParts>> {
      if (!postIds.length) return new Map();
      const rows = await cardPartsRead(db, { postIds, viewerId, dialect });
      return new Map(
        rows.map((r) => [
          r.id,
          {
            creator: parsedJson<CardParts['creator']>(r.creator),
            tags: parsedJson<CardParts['tags']>(r.tags),
            scenarios: parsedJson<CardParts['scenarios']>(r.scenarios),
            media: parsedJson<CardParts['media']>(r.media),
            mentions: parsedJson<CardParts['mentions']>(r.mentions),
            reacted: Boolean(r.reacted),
            group: r.group_name === null ? null : { name: r.group_name, member: Boolean(r.in_group) },
          },
        ]),
      );
    },

    existingTagIds: async (ids: number[]) =>
      ids.length ? (await db.selectFrom('tags').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],

    /** Scenarios among `ids` with what the attachment rules need (the service decides). */
    async scenariosForAttach(ids: number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('scenarios')
        .select(['id', 'privacy_level', 'contributed_by', 'is_processed', 'processing_error'])
        .where('id', 'in', ids)
        .execute();
    },

    async mediaForAttach(ids: number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('media')
        .select(['id', 'approval_status', 'is_processed', 'privacy_level', 'contributed_by'])
        .where('id', 'in', ids)
        .execute();
    },

    /** The caller's finished resumable uploads of one kind among `ids`, with the record each became. */
    finishedUploads: async (userId: number, kind: 'scenario' | 'media', ids: string[]) =>
      ids.length
        ? db
            .selectFrom('tus_uploads')
            .select(['id', 'result_uuid_id'])
            .where('id', 'in', ids)
            .where('user_id', '=', userId)
            .where('kind', '=', kind)
            .where('finished_at', 'is not', null)
            .execute()
        : Promise.resolve([]),

    async idByUuid(table: 'scenarios' | 'media', uuid: string): Promise<number | undefined> {
      const row = await db.selectFrom(table).select('id').where('uuid_id', '=', uuid).executeTakeFirst();
      return row?.id;
    },

    reportOf: (postId: number, userId: number) =>
      db.selectFrom('post_reports').selectAll().where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst(),

    /** False when this user's report of the post is already there (a concurrent duplicate included). */
    addReport: async (postId: number, userId: number): Promise<boolean> => {
      const res = await db
        .insertInto('post_reports')
        .values({ post_id: postId, user_id: userId, created_at: now(), ignored_at: null })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Reports not yet ignored, on posts not yet deleted, newest first. */
    openReports: () =>
      db
        .selectFrom('post_reports')
        .innerJoin('posts', 'posts.id', 'post_reports.post_id')
        .innerJoin('users', 'users.id', 'post_reports.user_id')
        .selectAll('posts')
        .select([
          'post_reports.created_at as reported_at',
          'users.id as reporter_id',
          'users.uuid_id as reporter_uuid_id',
          'users.first_name as reporter_first_name',
          'users.last_name as reporter_last_name',
        ])
        .where('post_reports.ignored_at', 'is', null)
        .where('posts.deleted_at', 'is', null)
        .orderBy('post_reports.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(500)
        .execute(),

    ignoreReport: async (postId: number, userId: number) => {
      const res = await db
        .updateTable('post_reports')
        .set({ ignored_at: now() })
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .where('ignored_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    adminIds: async () => (await db.selectFrom('users').select('id').where('enabled', '=', 1).where(sql<number>`role & 4`, '=', 4).execute()).map((r) => r.id),

    enabledUserIds: async () => (await db.selectFrom('users').select('id').where('enabled', '=', 1).execute()).map((r) => r.id),
  };
}

export type PostsRepository = ReturnType<typeof postsRepository>;
