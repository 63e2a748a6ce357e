// Full-text queries of site search over the indexes of migration 0014_search: FTS5 on
// SQLite, tsvector documents with GIN indexes on PostgreSQL. Words arrive folded (lower case, no
// accents: src/shared/search.ts) and hold only letters and digits, so they are safe inside either
// query syntax. Each word matches as a prefix; all words must match. Posts and groups whose title
// (name) holds every word come first, then the others; posts newest first, groups by name.
import { sql, type RawBuilder } from 'kysely';
import type { DB, Dialect } from '../../db/connection.js';
import { PostStatus } from '../../../shared/enums.js';
import { prefixStart } from '../../lib/name-prefixes.js';
import { ONE_PLAN } from '../../db/pg-prepared.js';
import { FTS_LISTED, ftsQuery, LISTED, listedFts, listedQuery, POST_TEXT_COLUMNS, searchUsers, soleWordStarting, tsQuery, type Page } from '../../lib/full-text.js';
import { listCache, type VersionedTable } from '../../lib/list-cache.js';
import { sharedInRequest } from '../../lib/request-scope.js';
import { GROUPS_TOTAL, storedTotal } from '../../lib/list-totals.js';
import { idsInListOrder, pageWindow, readOrder, rowsInOrder, type Direction } from '../../lib/pages.js';

export type { Page, UserHit } from '../../lib/full-text.js';

/** PostgreSQL: a post search with at most this many matches gathers them all and sorts them. */
const PG_GATHER_MATCHES = 2_000;

export interface PostHit {
  id: number;
  title: string;
  text: string;
  created_at: string;
  group_id: number | null;
  group_name: string | null;
  creator_id: number;
  creator_uuid_id: string;
  creator_first_name: string;
  creator_last_name: string;
}

export interface GroupHit {
  id: number;
  name: string;
  description: string;
  membership_type: number;
}

export function searchRepository(db: DB, dialect: Dialect) {
  /** What one request keeps of this repository's reads (lib/request-scope.ts). */
  const listingsInRequest = {};
  const pg = dialect === 'postgres';
  const totals = listCache(db);

  /** Posts the viewer may see: live, approved, public or of one of the viewer's groups. */
  const visiblePost = (viewerId: number) => sql`p.deleted_at IS NULL AND p.status = ${PostStatus.Approved}
    AND (p.group_id IS NULL OR p.group_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ${viewerId}))`;

  const postColumns = sql`p.id, p.title, p.text, p.created_at, p.group_id, g.name AS group_name, u.id AS creator_id,
    u.uuid_id AS creator_uuid_id, u.first_name AS creator_first_name, u.last_name AS creator_last_name`;
  const postJoins = sql`JOIN users u ON u.id = p.creator_id LEFT JOIN forum_groups g ON g.id = p.group_id`;

  /** Whether a group's name holds every word (1 or 0, for ordering). */
  function nameHoldsAll(words: string[]) {
    if (pg) return sql`(gs.document @@ to_tsquery('simple', ${tsQuery(words, 'A')}))::int`;
    return sql`(g.id IN (SELECT rowid FROM forum_groups_fts WHERE forum_groups_fts MATCH ${ftsQuery(words, 'name')}))`;
  }

  /**
   * The listing of the posts the viewer may see, any of them: the feed's and each of their groups',
   * as the dialect's search index holds it (PostgreSQL: lexemes of the document, migration 0047;
   * SQLite: tokens of posts_fts's listing column, 0050). Kept until a membership changes (lib/list-cache.ts).
   */
  const listingsFor = (viewerId: number) => {
    // Read once a request (its counts and its page both ask), also with the list cache off.
    const known = sharedInRequest(listingsInRequest, () => new Map<number, Promise<string[]>>());
    let listings = known.get(viewerId);
    if (!listings) {
      listings = totals.page(`post listings ${viewerId}`, ['group_members'], async () => {
        const { rows } = await sql<{ group_id: number }>`SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ${viewerId} ORDER BY gm.group_id`.execute(db);
        const groups = rows.map((r) => r.group_id);
        return pg ? [LISTED.feed, ...groups.map(LISTED.group)] : [FTS_LISTED.feed, ...groups.map(FTS_LISTED.group)];
      });
      known.set(viewerId, listings);
    }
    return listings;
  };
  const listedFor = async (viewerId: number) => {
    const listings = await listingsFor(viewerId);
    return pg ? listedQuery(listings, '|') : listedFts(listings);
  };

  /**
   * The posts a reader may see holding `word`, all and with it in their title, where `word` is what
   * soleWordStarting found for the search word (post_words, migration 0055: a row per listing and
   * tier): null when several posted words start with it (then null here), undefined when none does.
   */
  async function onlyWordCounts(viewerId: number, word: string | null | undefined): Promise<{ all: number; title: number } | null> {
    if (word === undefined) return { all: 0, title: 0 };
    if (word === null) return null;
    const listings = await listingsFor(viewerId);
    const { rows } = await sql<{ tier: number; n: number }>`SELECT tier, sum(n) AS n FROM post_words
      WHERE word = ${word} AND listing IN (${sql.join(listings)}) GROUP BY tier`.execute(db);
    const n = (tier: number) => Number(rows.find((r) => Number(r.tier) === tier)?.n ?? 0);
    return { all: n(0) + n(1), title: n(0) };
  }

  /**
   * Visible posts matching the words in two tiers: those whose title holds every word, then the
   * others; newest first within each (ids follow creation time). Each tier is read in index order
   * (the full-text index's own rowid order on SQLite, the id order on PostgreSQL) with a LIMIT, so a
   * common word costs two counts and two short reads, not a sort of every match. On PostgreSQL the
   * search document holds the post's listing, so each condition is one full-text query that the
   * index answers alone: a count reads no post (migration 0047).
   */
  async function postMatches(viewerId: number, words: string[], whole: readonly (string | null | undefined)[]) {
    if (pg) {
      const listed = await listedFor(viewerId);
      const query = (q: RawBuilder<unknown>) => sql`(${q} && ${listed}::tsquery)`;
      const all = sql`to_tsquery('simple', ${tsQuery(words)})`;
      const title = sql`to_tsquery('simple', ${tsQuery(words, 'A')})`;
      const tiers = { all: query(all), title: query(title), rest: query(sql`${all} && !!${title}`) };
      return {
        from: sql`posts_search s`,
        id: sql`s.post_id`,
        ...tiers,
        /** A tier's condition: the document matches its query. */
        where: (q: RawBuilder<unknown>) => sql`s.document @@ ${q}`,
        /** The matches of a query, counted by a bitmap scan of the index (migration 0047). */
        count: (q: RawBuilder<unknown>) => sql<{ n: number }>`SELECT posts_search_count(${q}) AS n`,
        order: (d: Direction) => sql`s.post_id ${sql.raw(d)}`,
      };
    }
    // SQLite: the words in the text columns and the reader's listing (migration 0050) in one match,
    // which the full-text index answers alone: a count or a page reads no post.
    const listed = await listedFor(viewerId);
    const all = ftsQuery(words, POST_TEXT_COLUMNS, whole);
    const title = ftsQuery(words, 'title', whole);
    const listedMatch = (q: string) => sql`${`(${q}) AND (${listed})`}`;
    const where = (q: RawBuilder<unknown>) => sql`posts_fts MATCH ${q}`;
    return {
      from: sql`posts_fts`,
      id: sql`posts_fts.rowid`,
      all: listedMatch(all),
      title: listedMatch(title),
      rest: listedMatch(`(${all}) NOT (${title})`),
      where,
      count: (q: RawBuilder<unknown>) => sql<{ n: number }>`SELECT count(*) AS n FROM posts_fts WHERE ${where(q)}`,
      order: (d: Direction) => sql`posts_fts.rowid ${sql.raw(d)}`,
    };
  }

  /** Posts by id with their authors and groups, in the order of `ids`. */
  async function postsById(ids: number[]): Promise<PostHit[]> {
    if (!ids.length) return [];
    const rows = await sql<PostHit>`SELECT ${postColumns} FROM posts p ${postJoins} WHERE p.id IN (${sql.join(ids)})`.execute(db);
    return rowsInOrder(ids, rows.rows);
  }

  async function postHits(viewerId: number, words: string[], page: Page): Promise<{ count: number; rows: PostHit[] }> {
    const visible = visiblePost(viewerId);
    // Counts are cached per reader and words until a post or a membership changes (lib/list-cache.ts).
    const cachedCount = (part: string, count: () => Promise<number>) =>
      totals.total(`search posts ${viewerId} ${part} ${words.join(' ')}`, ['posts', 'group_members'], count);
    if (!words.length) {
      const count = await cachedCount('all', async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM posts p WHERE ${visible}`.execute(db)).rows[0].n));
      // Deferred join: the page's ids from posts_feed_visible (0020), read from the nearer end.
      const w = pageWindow(count, page.offset, page.limit);
      if (!w) return { count, rows: [] };
      const d = sql.raw(readOrder(w, 'desc'));
      const found = await sql<{ id: number }>`SELECT p.id FROM posts p WHERE ${visible}
        ORDER BY p.created_at ${d}, p.id ${d} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db);
      return { count, rows: await postsById(idsInListOrder(w, found.rows.map((r) => r.id))) };
    }
    // One search word that only one posted word starts with (post_words, 0055): its counts, by tier,
    // are read from that word's rows, and on SQLite the index is asked for the word whole
    // (ftsQuery). The listing in every query keeps to listed posts, whose words post_words holds.
    const sole = words.length === 1 ? await soleWordStarting(db, 'post_words', words[0]!, true) : null;
    const m = await postMatches(viewerId, words, [sole]);
    let asked: Promise<{ all: number; title: number } | null> | undefined;
    const wordCounts = () => (asked ??= words.length === 1 ? onlyWordCounts(viewerId, sole) : Promise.resolve(null));
    const countOf = (q: RawBuilder<unknown>) =>
      cachedCount(q === m.all ? 'matches' : 'title', async () => {
        const counted = await wordCounts();
        if (counted) return q === m.all ? counted.all : counted.title;
        return Number((await m.count(q).execute(db)).rows[0].n);
      });
    // Deferred join per tier: the tier's ids in index order (from its nearer end), then only the
    // page's posts. The first page needs no count of the title tier: a short read of it is the whole tier.
    // PostgreSQL: a GIN index gives its matches in no order, so a word with few matches gathers
    // them and sorts them; a common one walks the ids from the newest, checking each document (the
    // planner, left to itself, walks for a rare word too and may read every post to find none).
    let gather = false;
    const readIds = async (q: RawBuilder<unknown>, tierTotal: number, offset: number, limit: number) => {
      const w = pageWindow(tierTotal, offset, limit);
      if (!w) return [];
      const d = readOrder(w, 'desc');
      const found = gather
        ? await sql<{ id: number }>`WITH m AS MATERIALIZED (SELECT ${m.id} AS id FROM ${m.from} WHERE ${m.where(q)})
            SELECT id FROM m ORDER BY id ${sql.raw(d)} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db)
        : await sql<{ id: number }>`SELECT ${m.id} AS id FROM ${m.from} WHERE ${m.where(q)}
            ORDER BY ${m.order(d)} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db);
      return idsInListOrder(w, found.rows.map((r) => r.id));
    };
    // The title tier's first page, unless the word counts say it is empty (then the index would
    // look through every match of the word for one in a title, before finding none).
    const firstOfTitles = async () => ((await wordCounts())?.title === 0 ? [] : readIds(m.title, Number.MAX_SAFE_INTEGER, 0, page.limit));
    let count: number;
    let first: number[] | null = null;
    if (pg || words.length === 1) {
      // (One word on SQLite too: the count's read of the word counts also tells firstOfTitles
      // whether there are titles to read, so it goes first.)
      count = await countOf(m.all);
      gather = pg && count <= PG_GATHER_MATCHES;
      if (page.offset === 0) first = await firstOfTitles();
    } else {
      [count, first] = await Promise.all([countOf(m.all), page.offset === 0 ? firstOfTitles() : null]);
    }
    if (count === 0 || page.offset >= count) return { count, rows: [] };
    let ids: number[];
    let inTitle: number;
    if (first) {
      ids = first;
      inTitle = first.length;
    } else {
      inTitle = await countOf(m.title);
      ids = page.offset < inTitle ? await readIds(m.title, inTitle, page.offset, page.limit) : [];
    }
    if (ids.length < page.limit && page.offset + ids.length < count) {
      ids.push(...(await readIds(m.rest, count - inTitle, Math.max(0, page.offset - inTitle), page.limit - ids.length)));
    }
    return { count, rows: await postsById(ids) };
  }

  /** The one word of group_words a search word stands for (a prefix only it starts with), else null. Kept until a group changes. */
  const onlyIndexedWord = (prefix: string) =>
    totals.page(`group word ${prefix}`, ['forum_groups'], async () => (await soleWordStarting(db, 'group_words', prefix, false)) ?? null);

  async function groupHits(words: string[], page: Page): Promise<{ count: number; rows: GroupHit[] }> {
    const cols = sql`g.id, g.name, g.description, g.membership_type`;
    const cachedCount = (count: () => Promise<number>) => totals.total(`search groups ${words.join(' ')}`, ['forum_groups'], count);
    if (!words.length) {
      const count = await cachedCount(() => storedTotal(db, GROUPS_TOTAL));
      // Deferred join: the page's ids from forum_groups_by_name (0016), read from the nearer end.
      const w = pageWindow(count, page.offset, page.limit);
      if (!w) return { count, rows: [] };
      const d = sql.raw(readOrder(w, 'asc'));
      // Deep in the list: from the first group of the name prefix that holds the page's first row (0056, 0058).
      const start = await prefixStart(db, dialect, 'groups', readOrder(w, 'asc'), w.offset);
      // (PostgreSQL walks the stored name key's index without reading a row: 0051.) The page's
      // groups in the same statement as their ids: one read.
      const order = sql`${pg ? sql`g.name_key` : sql`lower(g.name)`} ${d}, g.id ${d}`;
      const { rows } = await sql<GroupHit>`SELECT ${cols} FROM forum_groups g WHERE g.id IN (SELECT g.id FROM forum_groups g WHERE ${start?.where ?? sql`1 = 1`}
        ORDER BY ${order} LIMIT ${w.limit} OFFSET ${start?.offset ?? w.offset}) ORDER BY ${order}${start ? sql.raw(` ${ONE_PLAN}`) : sql``}`.execute(db);
      return { count, rows: w.backward ? rows.reverse() : rows };
    }
    const word = words.length === 1 ? await onlyIndexedWord(words[0]!) : null;
    if (word !== null) {
      // One indexed word starts with the search word: the page in list order (name tier first,
      // then by name) is a seek on group_words (0052), from the nearer end; the count its rows'.
      const n = await cachedCount(async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM group_words WHERE word = ${word}`.execute(db)).rows[0].n));
      const w = pageWindow(n, page.offset, page.limit);
      if (!w) return { count: n, rows: [] };
      const d = sql.raw(readOrder(w, 'asc'));
      const found = await sql<{ id: number }>`SELECT group_id AS id FROM group_words WHERE word = ${word}
        ORDER BY tier ${d}, name_key ${d}, group_id ${d} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db);
      const ids = idsInListOrder(w, found.rows.map((r) => r.id));
      if (!ids.length) return { count: n, rows: [] };
      const rows = await sql<GroupHit>`SELECT ${cols} FROM forum_groups g WHERE g.id IN (${sql.join(ids)})`.execute(db);
      return { count: n, rows: rowsInOrder(ids, rows.rows) };
    }
    // Every group has its document in the full-text index (SQLite) or group_search_documents (PostgreSQL),
    // so that alone counts the matches.
    const counted = pg
      ? sql`group_search_documents gs WHERE gs.document @@ to_tsquery('simple', ${tsQuery(words)})`
      : sql`forum_groups_fts WHERE forum_groups_fts MATCH ${ftsQuery(words)}`;
    const n = await cachedCount(async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${counted}`.execute(db)).rows[0].n));
    if (n === 0 || page.offset >= n) return { count: n, rows: [] };
    if (pg) {
      // The page's ids from the search documents alone (each holds its group's name key: 0051),
      // the name tier first, read from the nearer end; then only the page's groups.
      const w = pageWindow(n, page.offset, page.limit)!;
      const d = sql.raw(readOrder(w, 'asc'));
      const tier = sql.raw(readOrder(w, 'desc'));
      const found = await sql<{ id: number }>`SELECT gs.group_id AS id FROM group_search_documents gs
        WHERE gs.document @@ to_tsquery('simple', ${tsQuery(words)})
        ORDER BY ${nameHoldsAll(words)} ${tier}, gs.name_key ${d}, gs.group_id ${d} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db);
      const ids = idsInListOrder(w, found.rows.map((r) => r.id));
      const rows = await sql<GroupHit>`SELECT ${cols} FROM forum_groups g WHERE g.id IN (${sql.join(ids)})`.execute(db);
      return { count: n, rows: rowsInOrder(ids, rows.rows) };
    }
    // SQLite: the two tiers (the name holds every word, then the others) each by name, a page's
    // ids per tier from its nearer end, then only the page's groups. A tier with many matches walks
    // forum_groups_by_name (in name order already) keeping its matches; one with few sorts them.
    const everyone = await totals.total('search groups ', ['forum_groups'], async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM forum_groups`.execute(db)).rows[0].n));
    const all = ftsQuery(words);
    const inName = ftsQuery(words, 'name');
    const nameCount = await totals.total(`search groups name ${words.join(' ')}`, ['forum_groups'], async () =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM forum_groups_fts WHERE forum_groups_fts MATCH ${inName}`.execute(db)).rows[0].n),
    );
    const ids: number[] = [];
    let offset = page.offset;
    for (const tier of [{ q: inName, total: nameCount }, { q: `(${all}) NOT (${inName})`, total: n - nameCount }]) {
      const want = page.limit - ids.length;
      if (want <= 0) break;
      if (offset >= tier.total) {
        offset -= tier.total;
        continue;
      }
      const w = pageWindow(tier.total, offset, want);
      offset = 0;
      if (!w) continue;
      const d = sql.raw(readOrder(w, 'asc'));
      const source =
        tier.total * 20 >= everyone
          ? sql`forum_groups g INDEXED BY forum_groups_by_name WHERE g.id IN (SELECT rowid FROM forum_groups_fts WHERE forum_groups_fts MATCH ${tier.q})`
          : sql`forum_groups_fts JOIN forum_groups g ON g.id = forum_groups_fts.rowid WHERE forum_groups_fts MATCH ${tier.q}`;
      const found = await sql<{ id: number }>`SELECT g.id FROM ${source} ORDER BY lower(g.name) ${d}, g.id ${d} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db);
      ids.push(...idsInListOrder(w, found.rows.map((r) => r.id)));
    }
    if (!ids.length) return { count: n, rows: [] };
    const rows = await sql<GroupHit>`SELECT ${cols} FROM forum_groups g WHERE g.id IN (${sql.join(ids)})`.execute(db);
    return { count: n, rows: rowsInOrder(ids, rows.rows) };
  }

  return {
    /** An answer cached until any of `tables` changes (lib/list-cache.ts). */
    cachedPage: <T>(key: string, tables: readonly VersionedTable[], read: () => Promise<T>) => totals.page(key, tables, read),

    posts: postHits,

    users: (words: string[], page: Page) => searchUsers(db, dialect, words, page),

    /** Every group: names and descriptions are shown to all signed-in users. */
    groups: groupHits,

    /** One post if the viewer may see it, with its tags. */
    async post(viewerId: number, id: number): Promise<(PostHit & { tags: { id: number; title: string }[] }) | undefined> {
      const { rows } = await sql<PostHit>`SELECT ${postColumns} FROM posts p ${postJoins} WHERE p.id = ${id} AND ${visiblePost(viewerId)}`.execute(db);
      if (!rows[0]) return undefined;
      const tags = await db
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select(['tags.id', 'tags.title'])
        .where('post_tags.post_id', '=', id)
        .orderBy('tags.title')
        .execute();
      return { ...rows[0], tags };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
