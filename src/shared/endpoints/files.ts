// Stored files behind signed URLs (the link itself is the permission).
import { fileParamsSchema, fileQuerySchema, fileBodySchema } from '../schemas/system.js';
import { endpoint } from '../endpoint.js';

/** Download a stored file through a signed URL */
export const getFile = endpoint({
  method: 'GET',
  path: '/api/files/*',
  params: fileParamsSchema,
  query: fileQuerySchema,
  response: fileBodySchema,
  errors: [416],
});
