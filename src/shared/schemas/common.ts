// Building blocks of the API contract shared by every feature (DESIGN section 5): path parameters,
// paging, the error body. Path parameters arrive as strings; these schemas turn them into numbers.
import * as v from 'valibot';

/** The message of a 404; a malformed id names no resource, so it is answered like a missing one. */
export const NOT_FOUND_MESSAGE = 'Resource not found';
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** Ids are PostgreSQL `integer` columns: anything above this names no row. */
export const MAX_ID = 2_147_483_647;

/** 'YYYY-MM-DD' names a day of the calendar (Date.parse takes 30 February and rolls it over into March). */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isFinite(date.getTime()) && date.toISOString().startsWith(day);
}

/** The error body of every 4xx and 5xx: { message }. */
export const messageSchema = v.object({ message: v.string() });
export type MessageBody = v.InferOutput<typeof messageSchema>;

/** A numeric id in a path: a malformed or out-of-range one is a 404 like a missing row. */
export const idParam = v.pipe(
  v.string(NOT_FOUND_MESSAGE),
  v.regex(/^\d{1,10}$/, NOT_FOUND_MESSAGE),
  v.transform(Number),
  v.maxValue(MAX_ID, NOT_FOUND_MESSAGE),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A numeric id or a uuid_id in a path (spec section 7 accepts either on many calls); otherwise 404. */
export const idOrUuidParam = v.pipe(
  v.string(NOT_FOUND_MESSAGE),
  v.check((s) => (/^\d{1,10}$/.test(s) && Number(s) <= MAX_ID) || UUID.test(s), NOT_FOUND_MESSAGE),
);

/** A whole number in a path or query, as a number; out of range is a 422 with a message. */
export const intString = (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.string(),
    v.regex(/^-?\d{1,16}$/, `${what} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${what} must be at least ${min}`),
    v.maxValue(max, `${what} must be at most ${max}`),
  );

/** The largest page any list answers. */
export const MAX_PAGE_COUNT = 100;

export const offsetParam = intString('Offset', 0);
export const countParam = intString('Count', 1, MAX_PAGE_COUNT);
export const pageParamsSchema = v.object({ offset: offsetParam, count: countParam });

/** A list position from the previous page's `nextCursor` (opaque: the server made it). */
export const INVALID_CURSOR = 'Invalid cursor';
export const cursorParam = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, INVALID_CURSOR));
/** ?cursor=: the page after the previous page's last item (infinite scroll); the offset is then not used. */
export const cursorQuerySchema = v.object({ cursor: v.optional(cursorParam) });

export const idParams = v.object({ id: idParam });
export const idOrUuidParams = v.object({ id: idOrUuidParam });

/** Comma-joined positive ids, or -1 (or empty) for none. */
export const idListParam = v.pipe(
  v.string(),
  v.regex(/^(-1|)$|^\d{1,10}(,\d{1,10})*$/, 'Ids must be -1 or comma-joined numbers'),
  v.transform((s) => (s === '-1' || s === '' ? [] : [...new Set(s.split(',').map(Number))])),
  v.check((ids) => ids.every((n) => n <= MAX_ID), 'Ids must be -1 or comma-joined numbers'),
);

/** A tag as every response shows it. */
export const tagSchema = v.object({ id: v.number(), title: v.string() });
export type Tag = v.InferOutput<typeof tagSchema>;

/** A user as shown beside the things they made. */
export const userRefSchema = v.object({ id: v.number(), uuid_id: v.string(), first_name: v.string(), last_name: v.string() });
export type UserRef = v.InferOutput<typeof userRefSchema>;

/** One row of an upload's errors list. */
export const uploadErrorSchema = v.object({ filename: v.string(), message: v.string() });
export type UploadErrorRow = v.InferOutput<typeof uploadErrorSchema>;

/** One stored file of an upload. */
export const uploadSuccessSchema = v.object({ filename: v.string(), uuid_id: v.string() });
export type UploadSuccessRow = v.InferOutput<typeof uploadSuccessSchema>;

/** The answer of a multipart upload call (spec section 7): per-file errors and successes. */
export const uploadAnswerSchema = v.object({ errors: v.array(uploadErrorSchema), successes: v.array(uploadSuccessSchema) });
export type UploadAnswer = v.InferOutput<typeof uploadAnswerSchema>;

/** A signed, expiring download link and the file's name (the native wrapper imports from it). */
export const downloadLinkSchema = v.object({ url: v.string(), fileName: v.string() });
export type DownloadLink = v.InferOutput<typeof downloadLinkSchema>;

/** A positive id inside a JSON body; anything else (fractions, out of range, text) gets `message`. */
export const bodyIdSchema = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message));
