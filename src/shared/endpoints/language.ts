// The signed-in user's language (GET /api/users/me answers it as `language`).
import * as v from 'valibot';
import { meSchema } from '../schemas/users.js';
import { languageSchema } from '../schemas/language.js';
import { endpoint } from '../endpoint.js';

/** Set my language ('en', 'de') or clear it (null: the browser's choice); answers me. */
export const setMyLanguage = endpoint({
  method: 'PATCH',
  path: '/api/users/me',
  body: v.object({ language: v.nullable(languageSchema) }),
  response: meSchema,
  idempotent: true,
});
