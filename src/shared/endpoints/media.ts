// The media calls (spec section 7).
import { mediaLibraryParamsSchema, mediaLibraryQuerySchema, mediaPageSchema, mediaPageParamsSchema, userMediaParamsSchema, mediaItemSchema, mediaListSchema, mediaFavouriteSchema, mediaEditSchema, mediaEditAnswerSchema, mediaDeleteAnswerSchema, approveAnswerSchema, rejectMediaSchema, rejectAnswerSchema } from '../schemas/media.js';
import { downloadLinkSchema, idOrUuidParams, uploadAnswerSchema } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

export const getMediaLibrary = endpoint({
  method: 'GET',
  path: '/api/media/:offset/:count/:a/:tags',
  params: mediaLibraryParamsSchema,
  query: mediaLibraryQuerySchema,
  response: mediaPageSchema,
});

export const getMyMedia = endpoint({
  method: 'GET',
  path: '/api/media/MyMedia/:offset/:count',
  params: mediaPageParamsSchema,
  response: mediaPageSchema,
});

export const getMyUnpostedMedia = endpoint({
  method: 'GET',
  path: '/api/media/myunpostedmedia/:offset/:count',
  params: mediaPageParamsSchema,
  response: mediaPageSchema,
});

export const getUserMedia = endpoint({
  method: 'GET',
  path: '/api/media/:userMedia/:offset/:count',
  params: userMediaParamsSchema,
  response: mediaPageSchema,
});

/** One media item by id or uuid; 404 when missing or not visible. */
export const getMediaItem = endpoint({
  method: 'GET',
  path: '/api/media/MediaItem/:id',
  params: idOrUuidParams,
  response: mediaItemSchema,
});

/** My favourite media. Answers { total, media }. */
export const getMyFavouriteMedia = endpoint({
  method: 'GET',
  path: '/api/media/favourites',
  response: mediaListSchema,
});

/** A user's favourite media that you can see (id or uuid). Answers { total, media }. */
export const getUserFavouriteMedia = endpoint({
  method: 'GET',
  path: '/api/user/:id/media/favourites',
  params: idOrUuidParams,
  response: mediaListSchema,
});

/** Toggle a favourite. Answers { favourited }. Send an Idempotency-Key so a replay does not toggle twice. */
export const toggleFavouriteMedia = endpoint({
  method: 'POST',
  path: '/api/media/favourite/:id',
  params: idOrUuidParams,
  idempotent: true,
  response: mediaFavouriteSchema,
});

/** Edit name and description (at most 200 characters each), an image's alt_text (at most 250; empty for none), tags (ids) and privacy_level (0 private, 2 public). Editing declined media sends it back for review. Answers { newLevel, media }. */
export const editMedia = endpoint({
  method: 'PATCH',
  path: '/api/media/Edit/:id',
  params: idOrUuidParams,
  body: mediaEditSchema,
  errors: [403],
  response: mediaEditAnswerSchema,
});

/** Multipart upload, field mediaFiles: .png .jpg .jpeg .jpe .bmp .gif .mp4 .mov .m4v, at most 10 files of 512 MB. Answers { errors: [{filename, message}], successes: [{filename, uuid_id}] }; more than 10 files -> 422. */
export const uploadMedia = endpoint({
  method: 'POST',
  path: '/api/media/upload',
  multipart: true,
  idempotent: true,
  response: uploadAnswerSchema,
});

/** Delete my media (admins may delete any). Answers { deleted, message }. */
export const deleteMedia = endpoint({
  method: 'POST',
  path: '/api/media/Delete/:id',
  params: idOrUuidParams,
  response: mediaDeleteAnswerSchema,
});

/** Admins: processed media waiting for review, oldest first. Answers { total, media }. */
export const getMediaPendingApproval = endpoint({
  method: 'GET',
  path: '/api/media/MediaPendingApproval',
  response: mediaListSchema,
});

/** Admins: approve unapproved media (409 if already reviewed or still processing). Audited; the owner is notified. */
export const approveMedia = endpoint({
  method: 'POST',
  path: '/api/media/AdminApproveMedia/:id',
  params: idOrUuidParams,
  errors: [409],
  response: approveAnswerSchema,
});

/** Admins: decline unapproved media. Body { reason, otherReason? }: reason is 'Contains identifying information', 'Inappropriate', 'Wrong tags', 'Missing tags' or 'Other'; 'Other' needs otherReason, non-blank, at most 250 characters. Audited; the owner is notified. */
export const rejectMedia = endpoint({
  method: 'POST',
  path: '/api/media/AdminRejectMedia/:id',
  params: idOrUuidParams,
  body: rejectMediaSchema,
  errors: [409],
  response: rejectAnswerSchema,
});

/** A signed, expiring download link to a media item (by id or uuid); 409 while it is processed. */
export const downloadMedia = endpoint({
  method: 'GET',
  path: '/api/media/Download/:id',
  params: idOrUuidParams,
  errors: [409],
  response: downloadLinkSchema,
});

/** The same link under the spec's lower-case path. */
export const downloadMediaByUuid = endpoint({
  method: 'GET',
  path: '/api/media/download/:id',
  params: idOrUuidParams,
  errors: [409],
  response: downloadLinkSchema,
});
