// One way to declare a route (DESIGN section 5): params, query and body are parsed with the shared
// valibot schemas and handed to the handler typed; every response status is declared with a JSON
// schema generated from the same valibot schemas, so the OpenAPI document and the serialiser agree
// with the contract. Handlers never cast `request.params`.
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { hasRole, type RoleBit } from '../../shared/enums.js';
import { messageSchema } from '../../shared/schemas/common.js';
import { forbidden, parse, unauthorized, unprocessable } from './http-error.js';
import { unknownFields, unknownFieldsMessage } from '../../shared/unknown-fields.js';
import type { SessionUser } from '../plugins/session.js';
import type { Endpoint } from '../../shared/endpoint.js';

type Schema = v.GenericSchema;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** 'public': anyone; 'user': a signed-in user; a role bit: a signed-in user holding it. */
type Auth = 'public' | 'user' | RoleBit;

type Parsed<S> = S extends Schema ? v.InferOutput<S> : undefined;
type UserOf<A> = A extends 'public' ? SessionUser | null : SessionUser;

export interface RouteContext<P, Q, B, A> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** The signed-in user (null only on public routes). */
  user: UserOf<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R extends Schema, A extends Auth> {
  method: Method;
  url: string;
  auth: A;
  tags: string[];
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  /**
   * A JSON body. Multipart routes leave it out, set `multipart`, and read `formParts(request)` (uploads/multipart.ts).
   * A body naming a field the schema does not know is refused with 422 'Unknown field: <path>'.
   */
  body?: B;
  /**
   * Fields an existing client may send beyond the spec (paths as the 422 names them, e.g.
   * 'confirmPassword'): they are dropped, and each name is logged once, instead of refusing the body.
   */
  tolerate?: string[];
  multipart?: boolean;
  /** The success status (default 200) and its body. */
  status?: number;
  response: R;
  /** Error statuses beyond those the definition implies (401, 403, 404, 409, 422...). */
  errors?: number[];
  /**
   * false: a public route whose answer is the same for everyone skips the session lookup
   * (plugins/session.ts); its handler sees no user.
   */
  session?: false;
  /** Honour Idempotency-Key (plugins/idempotency.ts). */
  idempotent?: boolean;
  rateLimit?: RateLimitOptions;
  /** A JSON body larger than this many bytes is refused with 413 (the app's default is 1 MiB). */
  bodyLimit?: number;
  /**
   * The handler answers with the reply itself (a file, a redirect); `response` still documents it.
   */
  raw?: boolean;
  /**
   * false: a GET that takes no turn (lib/read-turns.ts): probes that must answer at once however
   * busy the server is (health, readiness). A `raw` route takes none either.
   */
  turn?: false;
}

const jsonSchemas = new WeakMap<Schema, Record<string, unknown>>();

/** The JSON schema of a valibot schema (input side for requests, output side for responses). */
export function jsonSchemaOf(schema: Schema, side: 'input' | 'output' = 'output'): Record<string, unknown> {
  const cached = side === 'output' ? jsonSchemas.get(schema) : undefined;
  if (cached) return cached;
  const { $schema: _drop, ...json } = toJsonSchema(schema, { errorMode: 'ignore', typeMode: side }) as Record<string, unknown>;
  if (side === 'output') jsonSchemas.set(schema, json);
  return json;
}

const errorJson = () => jsonSchemaOf(messageSchema);

function errorStatuses(def: RouteDef<Schema | undefined, Schema | undefined, Schema | undefined, Schema, Auth>): number[] {
  const s = new Set<number>(def.errors ?? []);
  if (def.auth !== 'public') s.add(401);
  if (typeof def.auth === 'number') s.add(403);
  if (def.params) s.add(404);
  if (def.params || def.query || def.body || def.multipart) s.add(422);
  if (def.idempotent) {
    s.add(409);
    s.add(422);
  }
  if (def.multipart) {
    s.add(400);
    s.add(413);
    s.add(415);
  }
  if (def.rateLimit) s.add(429);
  if (def.bodyLimit) s.add(413);
  // The database or the file store unavailable (plugins/errors.ts): any route may answer it.
  s.add(503);
  return [...s].sort();
}

/** How the server serves an endpoint: who may call it, how it is documented and limited. */
export type RouteOptions<A extends Auth> = Omit<
  RouteDef<undefined, undefined, undefined, Schema, A>,
  'method' | 'url' | 'params' | 'query' | 'body' | 'multipart' | 'status' | 'response' | 'errors' | 'idempotent'
>;

/** The endpoints registered on each app, so a test can check every shared definition is served. */
const registered = new WeakMap<FastifyInstance, Set<Endpoint>>();
export function registeredEndpoints(app: FastifyInstance): Set<Endpoint> {
  const root = rootOf(app);
  let set = registered.get(root);
  if (!set) registered.set(root, (set = new Set()));
  return set;
}
/** Every route Fastify registers on an app (but the HEAD routes it adds itself), from `trackRoutes(app)` on. */
const served = new WeakMap<FastifyInstance, { method: string; url: string }[]>();
export function trackRoutes(app: FastifyInstance): void {
  const list: { method: string; url: string }[] = [];
  served.set(rootOf(app), list);
  app.addHook('onRoute', (opts) => {
    for (const method of [opts.method].flat()) if (method !== 'HEAD') list.push({ method, url: opts.url });
  });
}
export function servedRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return served.get(rootOf(app)) ?? [];
}
function rootOf(app: FastifyInstance): FastifyInstance {
  // Plugins get child instances; the set lives on the outermost one.
  let current = app as FastifyInstance & { [k: symbol]: unknown };
  for (;;) {
    const parent = Object.getPrototypeOf(current) as typeof current | null;
    if (!parent || typeof parent.route !== 'function') return current;
    current = parent;
  }
}

/**
 * Register one endpoint of the shared contract (shared/endpoints/*.ts): method, path, inputs and
 * responses come from the definition; `options` says who may call it and how it is documented.
 */
export function route<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
  A extends Auth,
>(
  app: FastifyInstance,
  ep: Endpoint<P, Q, B, R>,
  options: RouteOptions<A>,
  handler: (ctx: RouteContext<P, Q, B, A>) => Promise<v.InferInput<R> | FastifyReply>,
): void;
export function route(
  app: FastifyInstance,
  ep: Endpoint,
  options: RouteOptions<Auth>,
  handler: (ctx: never) => Promise<unknown>,
): void {
  registeredEndpoints(app).add(ep);
  const { path, ...contract } = ep;
  registerRoute(app, { ...contract, ...options, url: path } as RouteDef<Schema | undefined, Schema | undefined, Schema | undefined, Schema, Auth>, handler as never);
}

function registerRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
  A extends Auth = Auth,
>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B, R, A>,
  handler: (ctx: RouteContext<P, Q, B, A>) => Promise<v.InferInput<R> | FastifyReply>,
): void {
  const status = def.status ?? 200;
  const response: Record<number, unknown> = { [status]: jsonSchemaOf(def.response) };
  for (const code of errorStatuses(def)) response[code] = errorJson();

  const schema: Record<string, unknown> = { tags: def.tags, summary: def.summary, response };
  if (def.description) schema.description = def.description;
  if (def.params) schema.params = jsonSchemaOf(def.params, 'input');
  if (def.query) schema.querystring = jsonSchemaOf(def.query, 'input');
  if (def.body) schema.body = jsonSchemaOf(def.body, 'input');
  if (def.multipart) schema.consumes = ['multipart/form-data'];

  const auth = def.auth;
  // A page waits for its turn; a write runs at once (lib/read-turns.ts). A handler that answers
  // with the reply itself (`raw`: a file, a redirect) takes none: its promise settles only once the
  // answer is sent, which for a file streamed to a slow reader (a paused video) may be never. An app
  // that keeps no turns (a bare app in a test) runs every handler at once.
  const turns = def.method === 'GET' && !def.raw && def.turn !== false && app.hasDecorator('readTurns') ? app.readTurns : null;
  const tolerated = new Set(def.tolerate ?? []);
  app.route({
    method: def.method,
    url: def.url,
    schema,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    config: {
      idempotent: def.idempotent ?? false,
      ...(def.session === false ? { session: false } : {}),
      ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
    },
    // Identity comes only from the session cookie (plugins/session.ts); roles are checked again in services.
    // Both hooks wait for nothing: plain callbacks, which cost no promise per request.
    onRequest:
      auth === 'public'
        ? undefined
        : (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
            if (!request.user) return done(unauthorized());
            if (typeof auth === 'number' && !hasRole(request.user.role, auth)) return done(forbidden('You do not have permission to do that'));
            done();
          },
    // Input is checked after sign-in and before the idempotency hook, so a bad request never claims a key.
    preValidation:
      def.params || def.query || def.body
        ? (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
            if (def.body) {
              const unknown = unknownFields(def.body, request.body);
              const refused = unknown.filter((f) => !tolerated.has(f.replace(/\[\d+\]/g, '[]')));
              if (refused.length) return done(unprocessable(unknownFieldsMessage(refused)));
              for (const field of unknown) logTolerated(request, `${def.method} ${def.url}`, field);
            }
            try {
              request.parsedInput = {
                params: def.params ? parse(def.params, request.params) : undefined,
                query: def.query ? parse(def.query, request.query) : undefined,
                body: def.body ? parse(def.body, request.body) : undefined,
              };
            } catch (err) {
              return done(err as Error);
            }
            done();
          }
        : undefined,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = {
        params: request.parsedInput?.params,
        query: request.parsedInput?.query,
        body: request.parsedInput?.body,
        user: request.user,
        request,
        reply,
      } as RouteContext<P, Q, B, A>;
      const result = turns ? await turns(() => handler(ctx)) : await handler(ctx);
      if (def.raw || result === reply) return reply;
      return reply.status(status).send(result);
    },
  });
}

const loggedTolerated = new Set<string>();

/** A tolerated unknown field is logged once per route and field, so a silent drop becomes visible. */
function logTolerated(request: FastifyRequest, routeName: string, field: string) {
  const key = `${routeName} ${field}`;
  if (loggedTolerated.has(key)) return;
  loggedTolerated.add(key);
  request.log.warn({ route: routeName, field }, 'A request sent a field this route does not know; it was ignored');
}

declare module 'fastify' {
  interface FastifyRequest {
    parsedInput?: { params: unknown; query: unknown; body: unknown };
  }
}
