// A video's captions (WebVTT), given at upload or on Edit Media and played as its captions track.
import { idOrUuidParams } from '../schemas/common.js';
import { captionsBodySchema, mediaItemSchema } from '../schemas/media.js';
import { endpoint } from '../endpoint.js';

/** Set my video's captions: the WebVTT file's text (it must start with WEBVTT). Answers the item. */
export const setMediaCaptions = endpoint({
  method: 'PUT',
  path: '/api/media/Captions/:id',
  params: idOrUuidParams,
  body: captionsBodySchema,
  errors: [403],
  response: mediaItemSchema,
});

/** Remove my video's captions. Answers the item. */
export const removeMediaCaptions = endpoint({
  method: 'DELETE',
  path: '/api/media/Captions/:id',
  params: idOrUuidParams,
  errors: [403],
  response: mediaItemSchema,
});
