// The Media calls of spec section 7, with their paths exactly as the spec writes them.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { removeMediaCaptions, setMediaCaptions } from '../../../shared/endpoints/media-captions.js';
import { route } from '../../lib/route.js';
import {
  getMediaLibrary,
  getMyMedia,
  getMyUnpostedMedia,
  getUserMedia,
  getMediaItem,
  getMyFavouriteMedia,
  getUserFavouriteMedia,
  toggleFavouriteMedia,
  editMedia,
  uploadMedia,
  deleteMedia,
  getMediaPendingApproval,
  approveMedia,
  rejectMedia,
  downloadMedia,
  downloadMediaByUuid,
} from '../../../shared/endpoints/media.js';
import { receiveMultipartUploads } from '../../uploads/multipart.js';
import { registerMediaJobs } from './processing.js';
import { mediaPortsOf, mediaService } from './service.js';
import './upload-kind.js';

const tags = ['media'];
const PAGE = 'Answers { total, media, from, to }; a count above 100 answers 100.';

export default async function mediaRoutes(app: FastifyInstance) {
  const media = mediaService(mediaPortsOf(app));
  registerMediaJobs(app);

  route(app, getMediaLibrary, {
    auth: 'user',
    tags,
    summary: `Media library: approved, public media. a = type filter (-1 all, 0 image, 1 video); tags = comma-joined tag ids or -1 (media with any of them). The search term travels as ?search=, normalised as spec section 5 (lowercase; letters, digits, hyphen, underscore; words joined by commas; -1 or empty for none); every word must match the name, description or a tag. ${PAGE}`,
  }, async ({ user, params, query }) => media.library(user, params.offset, params.count, params.a, params.tags, query.search));

  route(app, getMyMedia, {
    auth: 'user',
    tags,
    summary: `My media, newest first, in every state. ${PAGE}`,
  }, async ({ user, params }) => media.mine(user, params.offset, params.count));

  route(app, getMyUnpostedMedia, {
    auth: 'user',
    tags,
    summary: `My media that can be attached to a post (processed, approved, not posted yet). ${PAGE}`,
  }, async ({ user, params }) => media.mine(user, params.offset, params.count, true));

  // 'UserMedia{userId}': the user id is glued to the word, so the segment is a parameter the schema checks.
  route(app, getUserMedia, {
    auth: 'user',
    tags,
    summary: `GET /api/media/UserMedia{userId}/{offset}/{count}: a user's approved public media (all of it for yourself). userId is the id or uuid. ${PAGE}`,
  }, async ({ user, params }) => media.userMedia(user, params.userMedia, params.offset, params.count));

  route(app, getMediaItem, {
    auth: 'user',
    tags,
    summary: 'One media item by id or uuid; 404 when missing or not visible.',
  }, async ({ user, params }) => media.item(user, params.id));

  route(app, getMyFavouriteMedia, {
    auth: 'user',
    tags,
    summary: 'My favourite media. Answers { total, media }.',
  }, async ({ user }) => media.favourites(user));

  route(app, getUserFavouriteMedia, {
    auth: 'user',
    tags,
    summary: "A user's favourite media that you can see (id or uuid). Answers { total, media }.",
  }, async ({ user, params }) => media.favourites(user, params.id));

  route(app, toggleFavouriteMedia, {
    auth: 'user',
    tags,
    summary: 'Toggle a favourite. Answers { favourited }. Send an Idempotency-Key so a replay does not toggle twice.',
  }, async ({ user, params }) => media.toggleFavourite(user, params.id));

  route(app, editMedia, {
    auth: 'user',
    tags,
    summary: 'Edit name and description (at most 200 characters each), an image\'s alt_text (at most 250; empty for none; an image is public only with alt text, else 422), tags (ids) and privacy_level (0 private, 2 public). Editing declined media sends it back for review. Answers { newLevel, media }.',
  }, async ({ user, params, body }) => media.edit(user, params.id, body));

  route(app, setMediaCaptions, {
    auth: 'user',
    tags,
    summary: "Set my video's captions. Body { vtt }: the WebVTT file's text, starting with WEBVTT, at most 512 KB; it replaces any captions the video had. 422 for an image or a file that is not WebVTT. Answers the media item (signed_captions_url).",
  }, async ({ user, params, body }) => media.setCaptions(user, params.id, body.vtt));

  route(app, removeMediaCaptions, {
    auth: 'user',
    tags,
    summary: "Remove my video's captions. Answers the media item.",
  }, async ({ user, params }) => media.removeCaptions(user, params.id));

  route(app, uploadMedia, {
    auth: 'user',
    tags,
    summary: 'Multipart upload, field mediaFiles: .png .jpg .jpeg .jpe .bmp .gif .mp4 .mov .m4v, at most 10 files of 512 MB. Answers { errors: [{filename, message}], successes: [{filename, uuid_id}] }; more than 10 files -> 422.',
  }, async ({ user, request }) => receiveMultipartUploads(app, request, user, { kind: 'media', field: 'mediaFiles' }));

  route(app, deleteMedia, {
    auth: 'user',
    tags,
    summary: 'Delete my media (admins may delete any). Answers { deleted, message }.',
  }, async ({ user, params }) => media.remove(user, params.id));

  const downloadSummary = 'A signed, expiring download link (Content-Disposition: attachment, nosniff, HTTP ranges). Counts a download. Answers { url, fileName }; 409 while processing.';
  for (const [ep, summary] of [[downloadMedia, downloadSummary], [downloadMediaByUuid, `By uuid. ${downloadSummary}`]] as const) {
    route(app, ep, {
      auth: 'user',
      tags,
      summary,
    }, async ({ user, params }) => media.download(user, params.id));
  }

  route(app, getMediaPendingApproval, {
    auth: Role.Admin,
    tags,
    summary: 'Admins: processed media waiting for review, oldest first. Answers { total, media }.',
  }, async ({ user }) => media.pending(user));

  route(app, approveMedia, {
    auth: Role.Admin,
    tags,
    summary: 'Admins: approve unapproved media (409 if already reviewed or still processing). Audited; the owner is notified.',
  }, async ({ user, params }) => media.approve(user, params.id));

  route(app, rejectMedia, {
    auth: Role.Admin,
    tags,
    summary:
      "Admins: decline unapproved media. Body { reason, otherReason? }: reason is 'Contains identifying information', 'Inappropriate', 'Wrong tags', 'Missing tags' or 'Other'; 'Other' needs otherReason, non-blank, at most 250 characters. Audited; the owner is notified.",
  }, async ({ user, params, body }) => media.reject(user, params.id, body));
}
