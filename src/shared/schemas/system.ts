// The API's own endpoints: liveness (GET /api/health), readiness (GET /api/ready) and stored files behind signed URLs
// (GET /api/files/<key>?exp=&disp=&name=&sig=, storage/files-route.ts).
import * as v from 'valibot';
import { NOT_FOUND_MESSAGE } from './common.js';

/** GET /api/health: the server answers and its database can be read. */
export const healthSchema = v.object({ status: v.picklist(['ok']) });
export type Health = v.InferOutput<typeof healthSchema>;

/** GET /api/ready: the database and the file store answer and no shutdown has begun (503 otherwise). */
export const readySchema = v.object({ status: v.picklist(['ready']) });

/** The storage key of a file (the rest of the path, decoded once by the router). */
export const fileParamsSchema = v.object({ '*': v.string(NOT_FOUND_MESSAGE) });

/** A signed link's query; anything malformed (a repeated field) is a link that names no file. */
const linkField = v.optional(v.string(NOT_FOUND_MESSAGE));
export const fileQuerySchema = v.object({ exp: linkField, disp: linkField, name: linkField, sig: linkField });

/** A stored file's bytes (the whole file, or one range with 206). */
export const fileBodySchema = v.pipe(v.string(), v.description('The file itself (binary); a single Range answers 206 with Content-Range'));
