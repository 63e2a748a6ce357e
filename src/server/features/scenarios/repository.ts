// Kysely queries for scenarios, their tags, favourites and folders. Pagination and counts run in SQL;
// full-text search uses the FTS5 table on SQLite and the GIN-indexed tsvector on PostgreSQL.
import { sql, type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SelectQueryBuilder, type SqlBool, type Updateable } from 'kysely';
import type { DB, Dialect } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { Database, ScenarioTable } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { licenceOf } from '../../../shared/licences.js';
import { LIBRARY_TOTAL, storedTotal } from '../../lib/list-totals.js';
import { listCache } from '../../lib/list-cache.js';
import { foldAccents } from '../../../shared/search.js';
import { LISTED, listedQuery, soleLibraryWord, tsQuery } from '../../lib/full-text.js';
import { PrivacyLevel, ProcessingState } from '../../../shared/enums.js';
import { idsInListOrder, MONTH_FREE_OFFSET, pageWindow, partStart, readOrder, rowsInOrder, type Direction, type PageWindow } from '../../lib/pages.js';
import { enabledUserId, flipFavourite } from '../../lib/favourites.js';
import { groupRows } from '../../lib/group-rows.js';
import { jsonRows, parsedJson } from '../../lib/json-parts.js';
import { builtOnce } from '../../db/built-once.js';
import { ONE_PLAN } from '../../db/pg-prepared.js';

export type ScenarioRow = Selectable<ScenarioTable> & {
  owner_uuid: string;
  owner_first_name: string;
  owner_last_name: string;
  directory_uuid: string | null;
  /** Who confirmed de-identification (null: nobody, or their account is gone). */
  confirmer_first_name: string | null;
  confirmer_last_name: string | null;
};

/** What a scenario card shows beside its row: shared by every reader (tags, favourite counts) and the reader's own. */
export interface ScenarioParts {
  tags: Map<number, { id: number; title: string }[]>;
  counts: Map<number, number>;
  favourites: Set<number>;
  adaptations: Map<number, number>;
}

export interface LibraryFilters {
  /** newest (default) or rating. */
  sort?: 'newest' | 'rating';
  offset: number;
  count: number;
  age: number;
  condition: number;
  /** Search words (already normalised), empty for none. */
  words: string[];
  tagIds: number[];
  /** A language ('de'): scenarios whose unicode_language_identifier is it or one of its regions ('de-AT'); null for all. */
  language?: string | null;
}

export type MySort = 'isProcessed' | 'contributedAt' | 'name';

/** PostgreSQL: a search with at most this many matches gathers them all and sorts them. */
const PG_GATHER_MATCHES = 2_000;
/** A library search walks at most this many scenarios in order before it gathers the matches instead. */
const WALK_BUDGET = 1_000;
type EB = ExpressionBuilder<Database & { s: ScenarioTable }, 's'>;

/**
 * Word tokens for the full-text index: letters and digits only (apostrophes and hyphens split words),
 * folded as the index folds its words (case and accents), so 'ANÄMIE' finds 'Anämie' on either database.
 */
export function searchTokens(words: string[]): string[] {
  return words.flatMap((w) => foldAccents(w).split(/[^\p{L}\p{N}]+/u)).filter(Boolean).slice(0, 16);
}

/** Event names and checklist titles of the details column (search finds them too). */
function detailWords(details: string | null): string[] {
  if (!details) return [];
  try {
    const d = JSON.parse(details) as { events?: { name?: unknown }[]; checklist?: unknown[] };
    return [...(d.events ?? []).map((e) => e?.name), ...(d.checklist ?? [])].filter((t): t is string => typeof t === 'string');
  } catch {
    return [];
  }
}

type PartsArgs = { viewerId: number; dialect: Dialect };

/** What a scenario shows beside its row for `viewerId`: whether they made it a favourite, its adaptations they may see. */
const viewerPartColumns = (eb: EB, a: PartsArgs) => [
  eb.exists(eb.selectFrom('scenario_favourites as f').select('f.scenario_id').whereRef('f.scenario_id', '=', 's.id').where('f.user_id', '=', a.viewerId)).as('favourite'),
  eb
    .selectFrom('scenarios as a')
    .select((x) => x.fn.countAll<number>().as('n'))
    .whereRef('a.based_on_id', '=', 's.id')
    .where((x) => x.or([x('a.privacy_level', '=', PrivacyLevel.Public), x('a.contributed_by', '=', a.viewerId)]))
    .as('adaptations'),
];

/** What every reader sees beside a scenario's row: its tags by title, how many made it a favourite. */
const sharedPartColumns = (eb: EB, a: PartsArgs) => [
  jsonRows(a.dialect, eb.selectFrom('scenario_tags as st').innerJoin('tags as t', 't.id', 'st.tag_id').select(['t.id', 't.title']).whereRef('st.scenario_id', '=', 's.id').orderBy('t.title')).as('tags'),
  eb.selectFrom('scenario_favourites as f').select((f) => f.fn.countAll<number>().as('n')).whereRef('f.scenario_id', '=', 's.id').as('favourites'),
];

/** The parts of scenariosRepository().parts, read at once (built once per shape: db/built-once.ts). */
const partsRead = builtOnce(
  (db: DB, a: { ids: number[]; shared: boolean } & PartsArgs) =>
    db
      .selectFrom('scenarios as s')
      .where('s.id', 'in', a.ids)
      .select((eb) => ['s.id', ...viewerPartColumns(eb as unknown as EB, a)])
      .$if(a.shared, (q) => q.select((eb) => sharedPartColumns(eb as unknown as EB, a))),
  { shape: ['shared', 'dialect'] },
);

/** Read parts (partsRead's or cardsRead's columns) as ScenarioParts. */
function partsOf(rows: { id: number; favourite: unknown; adaptations: unknown; tags?: unknown; favourites?: unknown }[], shared: boolean): ScenarioParts {
  return {
    tags: new Map(shared ? rows.map((r) => [r.id, parsedJson<{ id: number; title: string }[]>(r.tags)]) : []),
    counts: new Map(shared ? rows.map((r) => [r.id, Number(r.favourites ?? 0)]) : []),
    favourites: new Set(rows.filter((r) => Boolean(r.favourite)).map((r) => r.id)),
    adaptations: new Map(rows.map((r) => [r.id, Number(r.adaptations ?? 0)])),
  };
}

/** Scenario rows with their owner's and folder's fields. */
const withOwners = (db: DB) =>
  db
    .selectFrom('scenarios as s')
    .innerJoin('users as u', 'u.id', 's.contributed_by')
    .leftJoin('directories as d', 'd.id', 's.directory_id')
    .leftJoin('users as cu', 'cu.id', 's.public_confirmed_by')
    .selectAll('s')
    .select([
      'u.uuid_id as owner_uuid', 'u.first_name as owner_first_name', 'u.last_name as owner_last_name', 'd.uuid as directory_uuid',
      'cu.first_name as confirmer_first_name', 'cu.last_name as confirmer_last_name',
    ]);

/** Rows by id, as `withOwners` (built once per number of ids). */
const rowsRead = builtOnce((db: DB, a: { ids: number[] }) => withOwners(db).where('s.id', 'in', a.ids));

/**
 * Rows by id, as `withOwners`, with every part of them (partsRead's columns) in the same read: a
 * page of the library is one read after its ids, not two.
 */
const cardsRead = builtOnce(
  (db: DB, a: { ids: number[] } & PartsArgs) =>
    withOwners(db)
      .where('s.id', 'in', a.ids)
      .select((eb) => [...viewerPartColumns(eb as unknown as EB, a), ...sharedPartColumns(eb as unknown as EB, a)]),
  { shape: ['dialect'] },
);

/** A page of the whole library by its months (`monthPage`): the window read in `dir`. */
type MonthPage = { dir: Direction; limit: number; offset: number };
/**
 * A page of a walk (`walkPage`): its filters, the words (folded tokens joined by spaces, and each as
 * a LIKE pattern, '%word%'), the window read in `dir`.
 */
type WalkPage = { dir: Direction; age: number; condition: number; language: string; words: string; likes: string[]; limit: number; offset: number };
/** Where a library page's rows are (`findPage`). */
type FoundPage = { total: number; ids: number[] } | { total: number; month: MonthPage; w: PageWindow } | { total: number; walk: WalkPage; w: PageWindow };

/**
 * The ids of a page of the whole library, stepping over the rows of the month that holds its first
 * row only, not every row before it: the month (from the months' counts, migration 0053) and where
 * the page starts in it are found in the same statement (`partStart`), so a deep page of the library
 * is one read with its cards. (Newest first, a month ends before the next month that holds any
 * library rows; past the newest, '9999' bounds every contributed_at.)
 */
const monthPage = (db: DB, a: MonthPage) => {
  const start = partStart('library_months', 'month', a.dir, a.offset, '9999');
  return db
    .selectFrom('scenarios as m')
    .select('m.id')
    .where('m.privacy_level', '=', PrivacyLevel.Public)
    .where('m.is_processed', '=', ProcessingState.Processed)
    .where(a.dir === 'desc' ? sql<SqlBool>`m.contributed_at < ${start.bound}` : sql<SqlBool>`m.contributed_at >= ${start.bound}`)
    .orderBy('m.contributed_at', a.dir)
    .orderBy('m.id', a.dir)
    .limit(a.limit)
    .offset(start.skip);
};

/** `monthPage` on its own (built once a direction). */
const monthPageRead = builtOnce(monthPage, { shape: ['dir'] });

/**
 * `monthPage`'s rows with every part of them, as `cardsRead`, newest first: a page of the whole
 * library anywhere but near its ends is one read (a trip to a reader thread costs the event loop
 * more than most reads do), with one plan for every page (prepared on PostgreSQL: db/pg-prepared.ts).
 */
const monthCardsRead = builtOnce((db: DB, a: MonthPage & PartsArgs) => pageCards(db, monthPage(db, a), a).modifyEnd(sql.raw(ONE_PLAN)), {
  shape: ['dir', 'dialect'],
});

/** The rows that `ids` (a read of one column of scenario ids) finds, with every part of them, as `cardsRead`, newest first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read of one id column, whatever its tables
const pageCards = (db: DB, ids: SelectQueryBuilder<any, any, { id: number }>, a: PartsArgs) =>
  withOwners(db)
    .where('s.id', 'in', ids)
    .select((eb) => [...viewerPartColumns(eb as unknown as EB, a), ...sharedPartColumns(eb as unknown as EB, a)])
    .orderBy('s.contributed_at', 'desc')
    .orderBy('s.id', 'desc');

/** Card reads (`cardsRead`, `monthCardsRead`, `walkCardsRead`) as rows and their parts. */
function cardsOf(read: (ScenarioRow & { favourite: unknown; adaptations: unknown; tags: unknown; favourites: unknown })[]): { rows: ScenarioRow[]; parts: ScenarioParts } {
  const rows = read.map(({ favourite: _f, adaptations: _a, tags: _t, favourites: _n, ...row }) => row as ScenarioRow);
  return { rows, parts: partsOf(read, true) };
}

export function scenariosRepository(db: DB, dialect: Dialect) {
  function locked<T>(id: number, fn: (repo: ScenariosRepository) => Promise<T>): Promise<T | undefined>;
  function locked<T, M>(id: number, fn: (repo: ScenariosRepository) => Promise<T>, missing: M): Promise<T | M>;
  function locked<T, M>(id: number, fn: (repo: ScenariosRepository) => Promise<T>, missing?: M): Promise<T | M | undefined> {
    return db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('scenarios').select('id').where('id', '=', id);
      if (dialect === 'postgres') q = q.forNoKeyUpdate();
      if (!(await q.executeTakeFirst())) return missing;
      return fn(scenariosRepository(trx, dialect));
    });
  }

  const base = () => withOwners(db);

  /** Every token must match as a word prefix. */
  function matchesSearch(eb: EB, words: string[]): Expression<SqlBool> {
    const tokens = searchTokens(words);
    if (!tokens.length) return sql<SqlBool>`1 = 1`;
    if (dialect === 'postgres') {
      // The stored, folded document (migration 0047).
      return sql<SqlBool>`s.id IN (SELECT d.scenario_id FROM scenario_search_documents d WHERE d.document @@ to_tsquery('simple', ${tsQuery(tokens)}))`;
    }
    const q = tokens.map((t) => `"${t}"*`).join(' AND ');
    return eb('s.id', 'in', sql<number>`(SELECT rowid FROM scenarios_fts WHERE scenarios_fts MATCH ${q})`);
  }

  function libraryWhere(eb: EB, f: Pick<LibraryFilters, 'age' | 'condition' | 'tagIds' | 'words' | 'language'>): Expression<SqlBool> {
    const conds: Expression<SqlBool>[] = [eb('s.privacy_level', '=', PrivacyLevel.Public), eb('s.is_processed', '=', ProcessingState.Processed)];
    if (f.age !== -1) conds.push(eb('s.patient_age', '=', f.age));
    if (f.condition !== -1) conds.push(eb('s.patient_condition', '=', f.condition));
    if (f.tagIds.length) {
      // An IN list (not a correlated EXISTS) lets the planner start from the tag index.
      conds.push(eb('s.id', 'in', eb.selectFrom('scenario_tags as st').select('st.scenario_id').where('st.tag_id', 'in', f.tagIds)));
    }
    if (f.words.length) conds.push(matchesSearch(eb, f.words));
    if (f.language) {
      const tag = f.language.toLowerCase().replace(/_/g, '-');
      const id = sql<string>`lower(replace(s.unicode_language_identifier, '_', '-'))`;
      conds.push(eb.or([eb(id, '=', tag), eb(id, 'like', `${tag}-%`)]));
    }
    return eb.and(conds);
  }

  const totals = listCache(db);

  /**
   * SQLite, words without tags: the ids of a page of the library's matches (`offset` and `limit` in
   * `dir`), found by walking the library in order (the age and condition filters from their index)
   * and checking each scenario against the words as the full-text index matches them (holds_words,
   * db/sqlite-functions.ts), the first WALK_BUDGET scenarios at most. A common word's page lies among
   * the next few hundred scenarios, so the walk stops long before the full-text index would have
   * gathered and sorted every match; and it runs where the rows are read (a reader thread), one
   * statement with the page's cards (`walkCardsRead`).
   */
  /** The library as a walk goes through it: its age, condition and language filters, no words. */
  const walkWhere = (eb: EB, a: Pick<WalkPage, 'age' | 'condition' | 'language'>) =>
    libraryWhere(eb, { age: a.age, condition: a.condition, language: a.language || null, tagIds: [], words: [] });
  const walkPage = (db: DB, a: WalkPage) =>
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('scenarios as s')
          .select(['s.id', 's.contributed_at', 's.search_text'])
          .where((eb) => walkWhere(eb as unknown as EB, a))
          .orderBy('s.contributed_at', a.dir)
          .orderBy('s.id', a.dir)
          .limit(WALK_BUDGET)
          .as('walk'),
      )
      .select('walk.id')
      // A text of ASCII only (as many characters as bytes) holds a word only where it holds the
      // word's letters in a row, in any case: LIKE tells that without calling out of SQLite, for
      // most of the walk's scenarios; the rest are checked as the index would match them.
      .where(
        sql<SqlBool>`CASE WHEN octet_length(walk.search_text) = length(walk.search_text) AND NOT (${sql.join(
          a.likes.map((like) => sql`walk.search_text LIKE ${like}`),
          sql` AND `,
        )}) THEN 0 ELSE holds_words(walk.search_text, ${a.words}) END`,
      )
      .limit(a.limit)
      .offset(a.offset);
  const walkShape: (keyof WalkPage)[] = ['dir', 'age', 'condition', 'language'];
  /** `walkPage` on its own, ids in walk order (built once per filter and direction). */
  const walkPageRead = builtOnce(walkPage, { shape: walkShape });
  /** `walkPage`'s rows with every part of them, as `cardsRead`, newest first. */
  const walkCardsRead = builtOnce((db: DB, a: WalkPage & PartsArgs) => pageCards(db, walkPage(db, a), a), { shape: [...walkShape, 'dialect'] });
  /** Whether a walk of `a`'s filters would stop at WALK_BUDGET scenarios rather than at the library's end. */
  const walkSpanRead = builtOnce(
    (db: DB, a: Pick<WalkPage, 'age' | 'condition' | 'language'>) =>
      db
        .selectFrom('scenarios as s')
        .select('s.id')
        .where((eb) => walkWhere(eb as unknown as EB, a))
        .limit(1)
        .offset(WALK_BUDGET - 1),
    { shape: ['age', 'condition', 'language'] },
  );
  /**
   * A walk that found fewer than its page's `limit` matches is the page when the library ended
   * within the walk; past WALK_BUDGET scenarios it is not (then the full-text index gathers the
   * matches instead: findPage without the walk).
   */
  const walkEnded = async (walk: WalkPage, found: number) => found >= walk.limit || !(await walkSpanRead(db, walk)).length;

  /**
   * The library scenarios holding a word that starts with `prefix`, when only one word of the
   * library does (library_words, migration 0054: one row), else null. None does: 0.
   */
  async function onlyWordCount(prefix: string): Promise<number | null> {
    const sole = await soleLibraryWord(db, prefix);
    return sole === undefined ? 0 : sole && sole.n;
  }

  /**
   * SQLite: the library scenarios matching every token, counted from the full-text index alone (it
   * holds every scenario) less the matches outside the library, found through the library indexes'
   * leading columns (each range is empty or short where most scenarios are public): no scenario row
   * is read per match.
   */
  async function libraryMatchesSqlite(tokens: string[]): Promise<number> {
    const q = tokens.map((t) => `"${t}"*`).join(' AND ');
    const matches = sql`(SELECT rowid FROM scenarios_fts WHERE scenarios_fts MATCH ${q})`;
    // Outside the library: not public, or public and not processed (each as index ranges).
    const pub = sql.lit(PrivacyLevel.Public);
    const done = sql.lit(ProcessingState.Processed);
    const outside = [
      sql`s.privacy_level < ${pub}`,
      sql`s.privacy_level > ${pub}`,
      sql`s.privacy_level = ${pub} AND s.is_processed < ${done}`,
      sql`s.privacy_level = ${pub} AND s.is_processed > ${done}`,
    ];
    const { rows } = await sql<{ n: number }>`SELECT (SELECT count(*) FROM scenarios_fts WHERE scenarios_fts MATCH ${q})
      ${sql.join(outside.map((range) => sql`- (SELECT count(*) FROM scenarios s WHERE ${range} AND +s.id IN ${matches})`), sql` `)} AS n`.execute(db);
    return Number(rows[0].n);
  }

  /**
   * PostgreSQL: the library scenarios matching every token (and the age and condition filters),
   * as one query of the full-text index: each document holds its scenario's listing and filters
   * (migration 0047), so no scenario row is read per match.
   */
  function listedQueryPg(tokens: string[], f: LibraryFilters) {
    const listed = [LISTED.library, ...(f.age !== -1 ? [LISTED.age(f.age)] : []), ...(f.condition !== -1 ? [LISTED.condition(f.condition)] : [])];
    return sql`(to_tsquery('simple', ${tsQuery(tokens)}) && ${listedQuery(listed, '&')}::tsquery)`;
  }
  const listedMatchesPg = (tokens: string[], f: LibraryFilters) => sql`d.document @@ ${listedQueryPg(tokens, f)}`;

  /** The rows of `ids` (with owner and folder), in that order. */
  async function rowsById(ids: number[]): Promise<ScenarioRow[]> {
    return ids.length ? rowsInOrder(ids, await rowsRead(db, { ids })) : [];
  }

  /** The rows of `ids` in that order, and all their parts as `viewerId` sees them, in one read. */
  async function cards(ids: number[], viewerId: number): Promise<{ rows: ScenarioRow[]; parts: ScenarioParts }> {
    if (!ids.length) return { rows: [], parts: partsOf([], true) };
    const { rows, parts } = cardsOf(await cardsRead(db, { ids, viewerId, dialect }));
    return { rows: rowsInOrder(ids, rows), parts };
  }

  /**
   * A library page's total and where its rows are: their ids in page order, or the read that finds
   * them: the month page (the whole library away from its ends, `monthPage`) or the walk (a common
   * word on SQLite, `walkPage`; `walk` false: not).
   */
  async function findPage(f: LibraryFilters, walk = true): Promise<FoundPage> {
    const lang = f.language ? f.language.toLowerCase() : '';
    // The words as the index reads them: a term of no letters or digits ('%') is no search at all.
    const tokens = searchTokens(f.words);
    // Counted once per filter until a scenario or its tags change (lib/list-cache.ts).
    const key = `library ${f.age} ${f.condition} ${[...f.tagIds].sort((a, b) => a - b).join(',')} ${tokens.join(' ')} ${lang}`;
    const total = await totals.total(key, ['scenarios', 'scenario_tags'], async () => {
      // The whole library's total is kept by the database (lib/list-totals.ts): no rows are counted.
      if (f.age === -1 && f.condition === -1 && !f.tagIds.length && !tokens.length && !lang) return storedTotal(db, LIBRARY_TOTAL);
      if (tokens.length === 1 && f.age === -1 && f.condition === -1 && !f.tagIds.length && !lang) {
        const n = await onlyWordCount(tokens[0]!);
        if (n !== null) return n;
      }
      if (dialect === 'sqlite' && f.age === -1 && f.condition === -1 && !f.tagIds.length && !lang) return libraryMatchesSqlite(tokens);
      if (dialect === 'postgres' && tokens.length && !f.tagIds.length && !lang) {
        const { rows } = await sql<{ n: number }>`SELECT scenario_search_count(${listedQueryPg(tokens, f)}) AS n`.execute(db);
        return Number(rows[0].n);
      }
      const totalRow = await db
        .selectFrom('scenarios as s')
        .where((eb) => libraryWhere(eb as unknown as EB, f))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(totalRow.n);
    });
    // Deferred join: the page's ids from the library indexes (filter, contributed_at and id in one
    // index: 0003, 0007), read from the nearer end of the list; then only those rows.
    const w = pageWindow(total, f.offset, f.count);
    if (!w) return { total, ids: [] };
    if (f.sort === 'rating') {
      // Best average first (unrated last), then the most rated, then the newest.
      const average = sql<number>`CASE WHEN s.rating_count = 0 THEN 0 ELSE CAST(s.rating_sum AS REAL) / s.rating_count END`;
      const ranked = await db
        .selectFrom('scenarios as s')
        .select('s.id')
        .where((eb) => libraryWhere(eb as unknown as EB, f))
        .orderBy(average, 'desc')
        .orderBy('s.rating_count', 'desc')
        .orderBy('s.id', 'desc')
        .limit(f.count)
        .offset(f.offset)
        .execute();
      return { total, ids: ranked.map((r) => r.id) };
    }
    const dir = readOrder(w, 'desc');
    if (walk && dialect === 'sqlite' && tokens.length && !f.tagIds.length) {
      // A common word: the page's matches lie among the next few hundred scenarios of the library
      // order, so walk those and check their words, rather than gather every match first.
      const unfiltered = await totals.total(`library ${f.age} ${f.condition}   ${lang}`, ['scenarios', 'scenario_tags'], async () =>
        f.age === -1 && f.condition === -1 && !lang
          ? storedTotal(db, LIBRARY_TOTAL)
          : Number((await db.selectFrom('scenarios as s').where((eb) => libraryWhere(eb as unknown as EB, { ...f, words: [] })).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      const expected = ((w.offset + w.limit) * unfiltered) / total;
      if (expected <= WALK_BUDGET) {
        const page: WalkPage = { dir, age: f.age, condition: f.condition, language: lang, words: tokens.join(' '), likes: tokens.map((t) => `%${t}%`), limit: w.limit, offset: w.offset };
        return { total, walk: page, w };
      }
    }
    if (dialect === 'postgres' && tokens.length && total <= PG_GATHER_MATCHES) {
      // A rare word on PostgreSQL: gather its few matches through the full-text index, then sort
      // them. (Left to itself the planner may walk the library order checking every scenario's
      // words, expecting a match soon: tens of milliseconds for a word that is nowhere near the top.)
      // Without tags or a language the documents alone find the matches (listedMatchesPg).
      const d = sql.raw(dir);
      const gathered =
        !f.tagIds.length && !lang
          ? (
              await sql<{ id: number }>`WITH m AS MATERIALIZED (SELECT s.id, s.contributed_at FROM scenario_search_documents d
                JOIN scenarios s ON s.id = d.scenario_id WHERE ${listedMatchesPg(tokens, f)})
                SELECT m.id FROM m ORDER BY m.contributed_at ${d}, m.id ${d} LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db)
            ).rows
          : await db
              .with((wb) => wb('m').materialized(), (qb) => qb.selectFrom('scenarios as s').select(['s.id', 's.contributed_at']).where((eb) => libraryWhere(eb as unknown as EB, f)))
              .selectFrom('m')
              .select('m.id')
              .orderBy('m.contributed_at', dir)
              .orderBy('m.id', dir)
              .limit(w.limit)
              .offset(w.offset)
              .execute();
      return { total, ids: idsInListOrder(w, gathered.map((r) => r.id)) };
    }
    const whole = f.age === -1 && f.condition === -1 && !f.tagIds.length && !tokens.length && !lang;
    if (whole && w.offset > MONTH_FREE_OFFSET) {
      return { total, month: { dir, limit: w.limit, offset: w.offset }, w };
    }
    const ids = await db
      .selectFrom('scenarios as s')
      .select('s.id')
      .where((eb) => libraryWhere(eb as unknown as EB, f))
      .orderBy('s.contributed_at', dir)
      .orderBy('s.id', dir)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
    return { total, ids: idsInListOrder(w, ids.map((r) => r.id)) };
  }

  /** A search page found without the walk (past WALK_BUDGET scenarios): its ids through the full-text index. */
  async function gatheredPage(f: LibraryFilters): Promise<{ total: number; ids: number[] }> {
    const page = await findPage(f, false);
    if (!('ids' in page)) throw new Error('A search page is found by its ids');
    return page;
  }

  return {
    /**
     * A library page as every reader sees it (rows, tags, favourite counts), cached until anything
     * it shows changes (lib/list-cache.ts).
     */
    cachedLibraryPage: <T>(key: string, read: () => Promise<T>) =>
      totals.page(`library ${key}`, ['scenarios', 'scenario_tags', 'tags', 'scenario_favourites', 'users', 'directories'], read),

    /** A library page's total and its ids in page order (their rows and parts: `cards`). */
    async library(f: LibraryFilters): Promise<{ total: number; ids: number[] }> {
      const page = await findPage(f);
      if ('month' in page) return { total: page.total, ids: idsInListOrder(page.w, (await monthPageRead(db, page.month)).map((r) => r.id)) };
      if ('walk' in page) {
        const ids = (await walkPageRead(db, page.walk)).map((r) => r.id);
        return (await walkEnded(page.walk, ids.length)) ? { total: page.total, ids: idsInListOrder(page.w, ids) } : gatheredPage(f);
      }
      return page;
    },

    /** A library page's total, and its rows in page order with all their parts as `viewerId` sees them (`cards`). */
    async libraryCards(f: LibraryFilters, viewerId: number): Promise<{ total: number; rows: ScenarioRow[]; parts: ScenarioParts }> {
      const page = await findPage(f);
      if ('month' in page) return { total: page.total, ...cardsOf(await monthCardsRead(db, { ...page.month, viewerId, dialect })) };
      if ('walk' in page) {
        const read = await walkCardsRead(db, { ...page.walk, viewerId, dialect });
        if (await walkEnded(page.walk, read.length)) return { total: page.total, ...cardsOf(read) };
        const gathered = await gatheredPage(f);
        return { total: gathered.total, ...(await cards(gathered.ids, viewerId)) };
      }
      return { total: page.total, ...(await cards(page.ids, viewerId)) };
    },

    byId: (id: number) => base().where('s.id', '=', id).executeTakeFirst(),
    byUuid: (uuid: string) => base().where('s.uuid_id', '=', uuid).executeTakeFirst(),

    async mine(userId: number, sort: MySort, dir: Direction, directoryId: number | null | undefined, offset: number, count: number) {
      let q = db.selectFrom('scenarios as s').where('s.contributed_by', '=', userId);
      if (directoryId !== undefined) q = directoryId === null ? q.where('s.directory_id', 'is', null) : q.where('s.directory_id', '=', directoryId);
      // Counted once per owner and folder until a scenario changes (lib/list-cache.ts).
      const total = await totals.total(`mine ${userId} ${directoryId === undefined ? 'all' : String(directoryId)}`, ['scenarios'], async () =>
        Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      // Deferred join: the page's ids from the owner's indexes of each order (0020), read from the
      // nearer end; then only those rows. (A folder's scenarios are filtered on the way.)
      const w = pageWindow(total, offset, count);
      if (!w) return { total, rows: [] };
      const d = readOrder(w, dir);
      const newest = readOrder(w, 'desc');
      let iq = q.select('s.id');
      // (PostgreSQL: the stored name key, whose index answers without reading rows: 0051.)
      if (sort === 'name') iq = iq.orderBy(dialect === 'postgres' ? sql`s.name_key` : sql`lower(s.name)`, d).orderBy('s.id', d);
      else if (sort === 'contributedAt') iq = iq.orderBy('s.contributed_at', d).orderBy('s.id', d);
      else iq = iq.orderBy('s.is_processed', d).orderBy('s.contributed_at', newest).orderBy('s.id', newest);
      const ids = await iq.limit(w.limit).offset(w.offset).execute();
      return { total, rows: await rowsById(idsInListOrder(w, ids.map((r) => r.id))) };
    },

    /** Own processed, readable scenarios not attached to any post yet (the post attach picker); public ones only for a feed post. */
    async unposted(userId: number, offset: number, count: number, publicOnly = false) {
      const where = (eb: EB) =>
        eb.and([
          eb('s.contributed_by', '=', userId),
          eb('s.is_processed', '=', ProcessingState.Processed),
          eb('s.processing_error', 'is', null),
          ...(publicOnly ? [eb('s.privacy_level', '=', PrivacyLevel.Public)] : []),
          eb.not(eb.exists(eb.selectFrom('post_scenarios as ps').select('ps.post_id').whereRef('ps.scenario_id', '=', 's.id'))),
        ]);
      const total = Number(
        (await db.selectFrom('scenarios as s').where((eb) => where(eb as unknown as EB)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );
      const rows = total > offset
        ? await base().where((eb) => where(eb as unknown as EB)).orderBy('s.contributed_at', 'desc').orderBy('s.id', 'desc').limit(count).offset(offset).execute()
        : [];
      return { total, rows };
    },

    /** Scenarios `userId` favourited that `viewerId` may see, newest favourite first. */
    favouritesOf: (userId: number, viewerId: number) =>
      base()
        .innerJoin('scenario_favourites as f', 'f.scenario_id', 's.id')
        .where('f.user_id', '=', userId)
        .where((eb) => eb.or([eb('s.privacy_level', '=', PrivacyLevel.Public), eb('s.contributed_by', '=', viewerId)]))
        .orderBy('f.created_at', 'desc')
        .limit(500)
        .execute(),

    publicOf: (userId: number) =>
      base().where('s.contributed_by', '=', userId).where('s.privacy_level', '=', PrivacyLevel.Public).where('s.is_processed', '=', ProcessingState.Processed).orderBy('s.contributed_at', 'desc').limit(500).execute(),

    async tagsFor(ids: number[]): Promise<Map<number, { id: number; title: string }[]>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('scenario_tags as st')
        .innerJoin('tags as t', 't.id', 'st.tag_id')
        .select(['st.scenario_id', 't.id', 't.title'])
        .where('st.scenario_id', 'in', ids)
        .orderBy('t.title')
        .execute();
      return groupRows(rows, (r) => r.scenario_id, (r) => ({ id: r.id, title: r.title }));
    },

    async favouriteCounts(ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('scenario_favourites')
        .select(['scenario_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('scenario_id', 'in', ids)
        .groupBy('scenario_id')
        .execute();
      return new Map(rows.map((r) => [r.scenario_id, Number(r.n)]));
    },

    /**
     * What each of `ids` shows beside its row, in one read: what `viewerId` sees (whether they made
     * it a favourite, and its adaptations, copies, they may see: public ones and their own) and,
     * with `shared`, what every reader sees (its tags by title, how many people made it a favourite).
     */
    async parts(ids: number[], viewerId: number, shared: boolean): Promise<ScenarioParts> {
      if (!ids.length) return partsOf([], shared);
      return partsOf(await partsRead(db, { ids, viewerId, shared, dialect }), shared);
    },

    existingTagIds: async (ids: number[]) =>
      ids.length ? (await db.selectFrom('tags').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [],

    insert: (values: Insertable<ScenarioTable>) => db.insertInto('scenarios').values(values).returning(['id', 'uuid_id']).executeTakeFirstOrThrow(),

    update: (id: number, values: Updateable<ScenarioTable>) => db.updateTable('scenarios').set(values).where('id', '=', id).execute(),

    /**
     * Make the scenario's tags exactly `tagIds`. Run it under `locked` when others may write the same
     * scenario; a tag already there is kept, never inserted twice.
     */
    async replaceTags(id: number, tagIds: number[]) {
      let del = db.deleteFrom('scenario_tags').where('scenario_id', '=', id);
      if (tagIds.length) del = del.where('tag_id', 'not in', tagIds);
      await del.execute();
      if (tagIds.length) {
        await db
          .insertInto('scenario_tags')
          .values(tagIds.map((tag_id) => ({ scenario_id: id, tag_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    },

    /** replaceTags in its own transaction, one writer of the scenario at a time. */
    async setTags(id: number, tagIds: number[]) {
      await locked(id, (r) => r.replaceTags(id, tagIds));
    },

    /** Recompute the full-text document from name, description, tag titles, event names and checklist titles. */
    async refreshSearchText(id: number) {
      const row = await db.selectFrom('scenarios').select(['name', 'description', 'details']).where('id', '=', id).executeTakeFirst();
      if (!row) return;
      const tags = await db.selectFrom('scenario_tags as st').innerJoin('tags as t', 't.id', 'st.tag_id').select('t.title').where('st.scenario_id', '=', id).execute();
      const search_text = [row.name, row.description, ...tags.map((t) => t.title), ...detailWords(row.details)].join(' ');
      await db.updateTable('scenarios').set({ search_text }).where('id', '=', id).execute();
    },

    delete: (id: number) => db.deleteFrom('scenarios').where('id', '=', id).execute(),

    filesAfter: (afterId: number, limit: number) =>
      db.selectFrom('scenarios').select(['id', 'file_key']).where('id', '>', afterId).orderBy('id').limit(limit).execute(),

    /**
     * Add or remove; returns whether it is now a favourite. Toggles of one scenario run one after
     * another, so two at once answer 'added' and 'removed'; null when the scenario is gone.
     */
    async toggleFavourite(userId: number, scenarioId: number): Promise<boolean | null> {
      return locked(scenarioId, (r) => r.flipFavourite(userId, scenarioId), null);
    },

    /** The toggle itself; call it under `locked`. */
    flipFavourite: (userId: number, scenarioId: number): Promise<boolean> => flipFavourite(db, 'scenario_favourites', 'scenario_id', userId, scenarioId),

    /**
     * Run `fn` in a transaction holding the scenario's row lock (PostgreSQL; SQLite has one writer
     * at a time anyway), with a repository bound to that transaction: writes to one scenario (tags,
     * favourites, edits) never interleave. Answers `missing` when the scenario is gone.
     */
    locked,

    /** The enabled user named by id or uuid_id, or undefined. */
    enabledUserId: (ref: number | string): Promise<number | undefined> => enabledUserId(db, ref),

    /** The licence the user's uploads get. */
    async defaultLicenceOf(userId: number): Promise<string> {
      const row = await db.selectFrom('users').select('default_licence').where('id', '=', userId).executeTakeFirst();
      return licenceOf(row?.default_licence ?? 'community').id;
    },

    audit: (actorId: number, action: string, uuidId: string, detail: string | null = null) =>
      recordAudit(db, { actorId, action, targetType: 'scenario', targetId: uuidId, detail }),

    /** The person downloaded the scenario (once per person: who may review it). */
    recordDownloader: (scenarioId: number, userId: number) =>
      db.insertInto('scenario_downloaders').values({ scenario_id: scenarioId, user_id: userId }).onConflict((oc) => oc.doNothing()).execute(),

    /** Storage keys of a scenario's listed versions. */
    versionFiles: async (scenarioId: number) =>
      (await db.selectFrom('scenario_versions').select('file_key').where('scenario_id', '=', scenarioId).execute()).map((r) => r.file_key),

    incrementDownloads: (id: number) =>
      db.updateTable('scenarios').set((eb) => ({ num_downloads: eb('num_downloads', '+', 1) })).where('id', '=', id).execute(),

    directoriesOf: (userId: number) =>
      db.selectFrom('directories').select(['id', 'uuid', 'name', 'parent_id']).where('user_id', '=', userId).orderBy('name').execute(),

    directoryByUuid: (uuid: string) => db.selectFrom('directories').selectAll().where('uuid', '=', uuid).executeTakeFirst(),
    directoryById: (id: number) => db.selectFrom('directories').selectAll().where('id', '=', id).executeTakeFirst(),

    createDirectory: (values: { uuid: string; name: string; user_id: number; parent_id: number | null }) =>
      db.insertInto('directories').values({ ...values, created_at: now() }).returning('id').executeTakeFirstOrThrow(),
  };
}

export type ScenariosRepository = ReturnType<typeof scenariosRepository>;
