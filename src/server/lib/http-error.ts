// Errors that carry their HTTP status; the error handler turns them into { message }.
import * as v from 'valibot';
import { NOT_FOUND_MESSAGE, NUL_MESSAGE } from '../../shared/schemas/common.js';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Not signed in') => new HttpError(401, m);
export const forbidden = (m = 'You are not allowed to do that') => new HttpError(403, m);
export const notFound = (m = NOT_FOUND_MESSAGE) => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
export const tooLarge = (m: string) => new HttpError(413, m);
export const unsupported = (m: string) => new HttpError(415, m);
export const unprocessable = (m: string) => new HttpError(422, m);

/** True when any string (or key) in the value holds a NUL character. Iterative: input may nest deeply. */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (item && typeof item === 'object') {
      for (const [k, child] of Object.entries(item)) {
        if (k.includes('\0')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** valibot's object schemas (also at the head of a pipe), which take an array as an object. */
const OBJECT_SCHEMAS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/**
 * Validate with a shared valibot schema. The first issue becomes a 422 message, except the id
 * schemas' NOT_FOUND_MESSAGE, which is a 404. NUL characters are refused on both databases alike
 * (PostgreSQL text cannot hold them), and so is an array where an object is wanted (valibot would
 * read it as an object with none of the fields).
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if (hasNul(input)) throw unprocessable(NUL_MESSAGE);
  if (Array.isArray(input) && OBJECT_SCHEMAS.has(schema.type)) {
    const own = (schema as { message?: unknown }).message;
    throw unprocessable(typeof own === 'string' ? own : 'Invalid type: Expected Object but received Array');
  }
  const result = v.safeParse(schema, input ?? {});
  if (!result.success) {
    const issue = result.issues[0];
    if (issue.message === NOT_FOUND_MESSAGE) throw notFound();
    throw unprocessable(issue.message);
  }
  return result.output;
}

/** Parse a positive integer path parameter or answer 404 (a malformed id names no resource). */
export function intParam(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw notFound();
  return n;
}
