// A row's parts from other tables in the same read: a subquery's rows as one JSON array (or its
// first row as a JSON object) in each outer row, built by the database (Kysely's helpers for each
// dialect). One read instead of one per part matters most on PostgreSQL, where every query is a
// round trip whose writes and wake-ups cost the app and the database more than small reads do.
import type { RawBuilder } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom, jsonObjectFrom as pgJsonObjectFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom, jsonObjectFrom as sqliteJsonObjectFrom } from 'kysely/helpers/sqlite';
import type { Dialect } from '../db/connection.js';

type Subquery = Parameters<typeof sqliteJsonArrayFrom>[0];

/** The rows of `q` (in its order) as a JSON array; read it with `parsedJson`. */
export const jsonRows = (dialect: Dialect, q: Subquery): RawBuilder<unknown> => (dialect === 'postgres' ? pgJsonArrayFrom(q) : sqliteJsonArrayFrom(q));

/** The first row of `q` as a JSON object, or null; read it with `parsedJson`. */
export const jsonRow = (dialect: Dialect, q: Subquery): RawBuilder<unknown> => (dialect === 'postgres' ? pgJsonObjectFrom(q) : sqliteJsonObjectFrom(q));

/** A jsonRows or jsonRow value as read: SQLite answers the JSON as text, PostgreSQL already parsed. */
export const parsedJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
