// One definition per API endpoint (DESIGN section 5): its method, path, params, query, body and
// responses, written once here and used by both sides. The server registers a route from it
// (server/lib/route.ts: `route(app, endpoint, options, handler)`), the client calls it with
// `call(endpoint, input)` (client/lib/api.ts) and gets the response's type, and anything else that
// needs a URL (first answers, the service worker's routes, offline favourites) builds it with
// `pathOf(endpoint, params)`. The OpenAPI document comes from the same schemas.
import type * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Schema = v.GenericSchema;

export interface EndpointDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  method: HttpMethod;
  /** Fastify's form: `/api/scenario/:id`; `:name` segments are filled by `pathOf`. */
  path: string;
  params?: P;
  query?: Q;
  /**
   * A JSON body. A multipart endpoint leaves it out and sets `multipart`; its client sends FormData.
   * A body naming a field the schema does not know is refused with 422 'Unknown field: <path>'.
   */
  body?: B;
  multipart?: boolean;
  /** The success status (default 200) and its body. */
  status?: number;
  response: R;
  /** Error statuses beyond those the definition implies (401, 403, 404, 409, 422...). */
  errors?: number[];
  /** Honours Idempotency-Key: the outbox replays it safely. */
  idempotent?: boolean;
}

export type Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> = Readonly<EndpointDef<P, Q, B, R>> & { readonly [ENDPOINT]: true };

const ENDPOINT: unique symbol = Symbol.for('isimulate.endpoint');

/** Declare an endpoint. Keep each in the shared module of its feature (shared/endpoints/*.ts). */
export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(def: EndpointDef<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return Object.freeze({ ...def, [ENDPOINT]: true as const });
}

export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ENDPOINT] === true;
}

type Scalar = string | number | boolean;
/** What a caller passes for path params: each named param, as a string or a number. */
export type ParamsIn<P> = P extends Schema ? { [K in keyof v.InferInput<P>]: string | number } : undefined;
/** What a caller passes for the query: any subset of its fields, scalars as they come. */
export type QueryIn<Q> = Q extends Schema ? { [K in keyof v.InferInput<Q>]?: Scalar | null | undefined } : undefined;
export type BodyIn<B> = B extends Schema ? v.InferInput<B> : undefined;
export type ResponseOf<E> = E extends Endpoint<infer _P, infer _Q, infer _B, infer R> ? v.InferOutput<R> : never;

/** The endpoint's path with its `:name` segments filled in (each value URI-encoded but for commas) and the query appended. */
export function pathOf<E extends Endpoint>(
  ep: E,
  params?: Record<string, string | number> | undefined,
  query?: Record<string, Scalar | null | undefined> | undefined,
): string {
  const path = ep.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${ep.method} ${ep.path}: missing path param '${name}'`);
    // Commas stay as they are: lists of ids travel comma-joined in one segment.
    return encodeURIComponent(String(value)).replace(/%2C/gi, ',');
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
