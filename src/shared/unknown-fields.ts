// Fields a write body names that its schema does not know (DESIGN section 5: a request the API
// cannot honour in full is refused, not half-stored). valibot's object schemas drop unknown keys
// silently, so a typo ('descriptoin') or a field under the wrong key would be answered 2xx while
// nothing of it was kept. The server's route() refuses such a body with 422 naming the fields; the
// client checks a native hand-over with it before queueing it.
import type * as v from 'valibot';

type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  item?: AnySchema;
  items?: AnySchema[];
  options?: AnySchema[];
  getter?: (input: unknown) => AnySchema;
};

/** Object schemas whose entries are the only keys they take; the loose ones and records take any. */
const CLOSED_OBJECTS = new Set(['object', 'strict_object']);
const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'non_optional', 'non_nullable', 'non_nullish', 'undefinedable', 'exact_optional']);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object schemas a value may be read by (through wrappers and unions); none when it takes any keys. */
function objectShapes(schema: AnySchema, value: unknown, depth = 0): AnySchema[] {
  if (depth > 20) return [];
  if (WRAPPERS.has(schema.type) && schema.wrapped) return objectShapes(schema.wrapped, value, depth + 1);
  if (schema.type === 'lazy' && schema.getter) return objectShapes(schema.getter(value), value, depth + 1);
  if ((schema.type === 'union' || schema.type === 'variant' || schema.type === 'intersect') && schema.options) {
    return schema.options.flatMap((o) => objectShapes(o, value, depth + 1));
  }
  return CLOSED_OBJECTS.has(schema.type) || schema.type === 'array' || schema.type === 'tuple' ? [schema] : [];
}

/**
 * The paths of the keys in `value` that `schema` does not know, e.g. ['descriptoin'] or
 * ['debriefJson.scores', 'debriefJson.eventList[0].time']. Where a union offers several object
 * shapes, a key any of them knows is known.
 */
export function unknownFields(schema: v.GenericSchema, value: unknown, path = ''): string[] {
  const shapes = objectShapes(schema as AnySchema, value);
  if (!shapes.length) return [];
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const shape of shapes) {
      if (shape.type === 'array' && shape.item) value.forEach((item, i) => out.push(...unknownFields(shape.item!, item, `${path}[${i}]`)));
      else if (shape.type === 'tuple' && shape.items) value.forEach((item, i) => shape.items![i] && out.push(...unknownFields(shape.items![i], item, `${path}[${i}]`)));
      else continue;
      return out;
    }
    return [];
  }
  if (!isPlainObject(value)) return [];
  const objects = shapes.filter((s) => CLOSED_OBJECTS.has(s.type) && s.entries);
  if (!objects.length) return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    const known = objects.filter((o) => Object.hasOwn(o.entries!, key));
    if (!known.length) {
      out.push(name);
      continue;
    }
    // Nested keys are unknown only when no shape that knows this key knows them.
    const nested = known.map((o) => unknownFields(o.entries![key], child, name));
    if (nested.every((n) => n.length)) out.push(...nested.reduce((a, b) => (b.length < a.length ? b : a)));
  }
  return out;
}

/** 'Unknown field: descriptoin' or 'Unknown fields: a, b'. */
export function unknownFieldsMessage(fields: string[]): string {
  return `Unknown field${fields.length === 1 ? '' : 's'}: ${fields.join(', ')}`;
}
