// Full-text queries of site search (issue 12) over the indexes of migration 0014_search: FTS5 on
// SQLite, tsvector documents with GIN indexes on PostgreSQL. Words arrive folded (lower case, no
// accents: src/shared/search.ts) and hold only letters and digits, so they are safe inside either
// query syntax. Each word matches as a prefix; all words must match. Posts and groups whose title
// (name) holds more of the words come first, then by relevance, then newest (or by name).
import { sql } from 'kysely';
import type { DB, Dialect } from '../../db/connection.js';
import { PostStatus } from '../../../shared/enums.js';
import { ftsQuery, searchUsers, tsQuery, type Page } from '../../lib/full-text.js';

export type { Page, UserHit } from '../../lib/full-text.js';

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
  const pg = dialect === 'postgres';

  /** Posts the viewer may see: live, approved, public or of one of the viewer's groups. */
  const visiblePost = (viewerId: number) => sql`p.deleted_at IS NULL AND p.status = ${PostStatus.Approved}
    AND (p.group_id IS NULL OR p.group_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ${viewerId}))`;

  const postColumns = sql`p.id, p.title, p.text, p.created_at, p.group_id, g.name AS group_name, u.id AS creator_id,
    u.uuid_id AS creator_uuid_id, u.first_name AS creator_first_name, u.last_name AS creator_last_name`;
  const postJoins = sql`JOIN users u ON u.id = p.creator_id LEFT JOIN forum_groups g ON g.id = p.group_id`;

  /** How many of the words the title holds (a number per row, for ordering). */
  function titleHits(words: string[], table: 'posts' | 'groups') {
    if (pg) {
      const doc = table === 'posts' ? sql`s.document` : sql`group_search_document(g.name, g.description)`;
      return sql.join(words.map((w) => sql`(${doc} @@ to_tsquery('simple', ${tsQuery([w], 'A')}))::int`), sql` + `);
    }
    const [fts, key, column] = table === 'posts' ? ['posts_fts', 'p.id', 'title'] : ['forum_groups_fts', 'g.id', 'name'];
    return sql.join(words.map((w) => sql`(${sql.raw(key)} IN (SELECT rowid FROM ${sql.raw(fts)} WHERE ${sql.raw(fts)} MATCH ${ftsQuery([w], column)}))`), sql` + `);
  }

  return {
    async posts(viewerId: number, words: string[], page: Page): Promise<{ count: number; rows: PostHit[] }> {
      if (!words.length) {
        const count = await sql<{ n: number }>`SELECT count(*) AS n FROM posts p WHERE ${visiblePost(viewerId)}`.execute(db);
        const rows = await sql<PostHit>`SELECT ${postColumns} FROM posts p ${postJoins} WHERE ${visiblePost(viewerId)}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
        return { count: Number(count.rows[0].n), rows: rows.rows };
      }
      if (pg) {
        const query = tsQuery(words);
        const where = sql`s.document @@ to_tsquery('simple', ${query}) AND ${visiblePost(viewerId)}`;
        const count = await sql<{ n: number }>`SELECT count(*) AS n FROM posts_search s JOIN posts p ON p.id = s.post_id WHERE ${where}`.execute(db);
        const n = Number(count.rows[0].n);
        if (n === 0 || page.offset >= n) return { count: n, rows: [] };
        const rows = await sql<PostHit>`SELECT ${postColumns} FROM posts_search s JOIN posts p ON p.id = s.post_id ${postJoins} WHERE ${where}
          ORDER BY ${titleHits(words, 'posts')} DESC, ts_rank(s.document, to_tsquery('simple', ${query})) DESC, p.created_at DESC, p.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
        return { count: n, rows: rows.rows };
      }
      const where = sql`posts_fts MATCH ${ftsQuery(words)} AND ${visiblePost(viewerId)}`;
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM posts_fts JOIN posts p ON p.id = posts_fts.rowid WHERE ${where}`.execute(db);
      const n = Number(count.rows[0].n);
      if (n === 0 || page.offset >= n) return { count: n, rows: [] };
      const rows = await sql<PostHit>`SELECT ${postColumns} FROM posts_fts JOIN posts p ON p.id = posts_fts.rowid ${postJoins} WHERE ${where}
        ORDER BY ${titleHits(words, 'posts')} DESC, bm25(posts_fts, 10.0, 1.0), p.created_at DESC, p.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return { count: n, rows: rows.rows };
    },

    users: (words: string[], page: Page) => searchUsers(db, dialect, words, page),

    /** Every group: names and descriptions are shown to all signed-in users. */
    async groups(words: string[], page: Page): Promise<{ count: number; rows: GroupHit[] }> {
      const cols = sql`g.id, g.name, g.description, g.membership_type`;
      if (!words.length) {
        const count = await sql<{ n: number }>`SELECT count(*) AS n FROM forum_groups g`.execute(db);
        const rows = await sql<GroupHit>`SELECT ${cols} FROM forum_groups g ORDER BY lower(g.name), g.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
        return { count: Number(count.rows[0].n), rows: rows.rows };
      }
      const from = pg
        ? sql`forum_groups g WHERE group_search_document(g.name, g.description) @@ to_tsquery('simple', ${tsQuery(words)})`
        : sql`forum_groups_fts JOIN forum_groups g ON g.id = forum_groups_fts.rowid WHERE forum_groups_fts MATCH ${ftsQuery(words)}`;
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM ${from}`.execute(db);
      const n = Number(count.rows[0].n);
      if (n === 0 || page.offset >= n) return { count: n, rows: [] };
      const rank = pg
        ? sql`ts_rank(group_search_document(g.name, g.description), to_tsquery('simple', ${tsQuery(words)})) DESC`
        : sql`bm25(forum_groups_fts, 10.0, 1.0)`;
      const rows = await sql<GroupHit>`SELECT ${cols} FROM ${from}
        ORDER BY ${titleHits(words, 'groups')} DESC, ${rank}, lower(g.name), g.id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return { count: n, rows: rows.rows };
    },

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
