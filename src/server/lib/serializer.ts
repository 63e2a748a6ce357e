// Responses are serialised from their schemas (fast-json-stringify). In strict mode a field the
// handler returned but the schema does not declare fails the request, so the contract in src/shared
// cannot silently drop data (issue: PostToEveryone lost `notified`).
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

/** The first path present in `sent` but missing from `kept`, or null. Iterative (no deep recursion). */
export function droppedField(sent: unknown, kept: unknown): string | null {
  const stack: [unknown, unknown, string][] = [[sent, kept, '']];
  while (stack.length) {
    const [a, b, at] = stack.pop()!;
    if (Array.isArray(a)) {
      if (!Array.isArray(b)) return at || '(root)';
      a.forEach((item, i) => stack.push([item, b[i], `${at}[${i}]`]));
    } else if (a && typeof a === 'object') {
      if (!b || typeof b !== 'object') return at || '(root)';
      for (const [k, child] of Object.entries(a)) {
        if (!(k in b)) return `${at}.${k}`;
        stack.push([child, (b as Record<string, unknown>)[k], `${at}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * A frozen answer (a cached list page, lib/list-cache.ts) never changes, so its JSON is kept with it,
 * as bytes, and sent again as they are: bytes, whose compressed bytes are kept by their identity
 * (plugins/compress.ts). (Fastify sends bytes from a serialiser as it sends text.)
 */
function rememberFrozen(stringify: (data: unknown) => string): (data: unknown) => string {
  const kept = new WeakMap<object, Buffer>();
  return (data) => {
    if (!data || typeof data !== 'object' || !Object.isFrozen(data)) return stringify(data);
    let bytes = kept.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(stringify(data));
      kept.set(data, bytes);
    }
    return bytes as unknown as string;
  };
}

type Schema = Parameters<typeof fastJson>[0];

/**
 * Compiled serialisers by schema text: a compiled function depends on its schema alone, so a
 * process that builds the app more than once (the API tests build hundreds) compiles each schema once.
 */
const compiled = new Map<string, (data: unknown) => string>();
function compile(schema: Schema): (data: unknown) => string {
  const key = JSON.stringify(schema);
  let stringify = compiled.get(key);
  if (!stringify) {
    stringify = fastJson(schema) as (data: unknown) => string;
    compiled.set(key, stringify);
  }
  return stringify;
}

export function responseSerializer(strict: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const stringify = rememberFrozen(compile(schema as Schema));
    if (!strict) return stringify;
    return (data: unknown) => {
      const out = stringify(data);
      const sent = JSON.parse(JSON.stringify(data ?? null)) as unknown;
      const dropped = droppedField(sent, JSON.parse(String(out)));
      if (dropped) throw new Error(`${method} ${url} ${httpStatus}: the response field ${dropped} is not in its schema`);
      return out;
    };
  };
}
