// Errors that carry their HTTP status; the error handler turns them into { message }.
import * as v from 'valibot';

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
export const notFound = (m = 'Resource not found') => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
export const tooLarge = (m: string) => new HttpError(413, m);
export const unsupported = (m: string) => new HttpError(415, m);
export const unprocessable = (m: string) => new HttpError(422, m);

/** Validate with a shared valibot schema; the first issue becomes a 422 message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (!result.success) {
    const issue = result.issues[0];
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
