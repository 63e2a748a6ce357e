// The Media calls of spec section 7, with their paths exactly as the spec writes them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { mediaEditSchema, rejectMediaSchema } from '../../../shared/schemas/media.js';
import { notFound, parse, unprocessable } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/session.js';
import { receiveMultipartUploads } from '../../uploads/multipart.js';
import { registerMediaJobs } from './processing.js';
import { MAX_PAGE, mediaService } from './service.js';
import './upload-kind.js';

const tags = ['media'];

function paging(params: { offset?: string; count?: string }) {
  const offset = Number(params.offset);
  const count = Number(params.count);
  if (!Number.isInteger(offset) || offset < 0) throw unprocessable('offset must be a whole number of 0 or more');
  if (!Number.isInteger(count) || count < 1) throw unprocessable('count must be a whole number of 1 or more');
  return { offset, count: Math.min(count, MAX_PAGE) };
}

function typeFilter(a: string): number {
  const n = Number(a);
  if (n !== -1 && n !== 0 && n !== 1) throw unprocessable('The media type filter must be -1 (all), 0 (image) or 1 (video)');
  return n;
}

function tagFilter(t: string): number[] {
  if (t === '-1' || t === '') return [];
  const ids = t.split(',').map((s) => Number(s.trim()));
  if (ids.some((n) => !Number.isInteger(n) || n < 0)) throw unprocessable('Tags must be comma-joined tag ids, or -1');
  return [...new Set(ids)];
}

const idParam = (request: FastifyRequest) => String((request.params as { id: string }).id);

export default async function mediaRoutes(app: FastifyInstance) {
  const media = mediaService(app);
  registerMediaJobs(app);
  const auth = { preHandler: app.requireUser };
  const admin = { preHandler: app.requireRole(Role.Admin) };

  app.get('/api/media/:offset/:count/:a/:tags', {
    ...auth,
    schema: {
      tags,
      summary: 'Media library: approved, public media. a = type filter (-1 all, 0 image, 1 video); tags = comma-joined tag ids or -1 (media with any of them). The search term travels as ?search=, normalised as spec section 5 (lowercase; letters, digits, hyphen, underscore; words joined by commas; -1 or empty for none); every word must match the name, description or a tag. Answers { total, media, from, to }.',
      querystring: { type: 'object', properties: { search: { type: 'string' } } },
    },
  }, async (request) => {
    const p = request.params as { offset: string; count: string; a: string; tags: string };
    const { offset, count } = paging(p);
    const search = String((request.query as { search?: string }).search ?? '');
    return media.library(currentUser(request), offset, count, typeFilter(p.a), tagFilter(p.tags), search === '-1' ? '' : search);
  });

  app.get('/api/media/MyMedia/:offset/:count', { ...auth, schema: { tags, summary: 'My media, newest first, in every state. Answers { total, media, from, to }.' } }, async (request) => {
    const { offset, count } = paging(request.params as { offset: string; count: string });
    return media.mine(currentUser(request), offset, count);
  });

  app.get('/api/media/myunpostedmedia/:offset/:count', { ...auth, schema: { tags, summary: 'My media that can be attached to a post (processed, approved, not posted yet). Answers { total, media, from, to }.' } }, async (request) => {
    const { offset, count } = paging(request.params as { offset: string; count: string });
    return media.mine(currentUser(request), offset, count, true);
  });

  // 'UserMedia{userId}': the user id is glued to the word, so the segment is a parameter checked here.
  app.get('/api/media/:userMedia/:offset/:count', { ...auth, schema: { tags, summary: "GET /api/media/UserMedia{userId}/{offset}/{count}: a user's approved public media (all of it for yourself). userId is the id or uuid. Answers { total, media, from, to }." } }, async (request) => {
    const p = request.params as { userMedia: string; offset: string; count: string };
    const match = /^UserMedia(.+)$/.exec(p.userMedia);
    if (!match) throw notFound();
    const { offset, count } = paging(p);
    return media.userMedia(currentUser(request), match[1], offset, count);
  });

  app.get('/api/media/MediaItem/:id', { ...auth, schema: { tags, summary: 'One media item by id or uuid; 404 when missing or not visible.' } }, async (request) => {
    return media.item(currentUser(request), idParam(request));
  });

  app.get('/api/media/favourites', { ...auth, schema: { tags, summary: 'My favourite media. Answers { total, media }.' } }, async (request) => {
    return media.favourites(currentUser(request));
  });

  app.get('/api/user/:id/media/favourites', { ...auth, schema: { tags, summary: "A user's favourite media that you can see. Answers { total, media }." } }, async (request) => {
    return media.favourites(currentUser(request), idParam(request));
  });

  app.post('/api/media/favourite/:id', { ...auth, config: { idempotent: true }, schema: { tags, summary: 'Toggle a favourite. Answers { favourited }. Send an Idempotency-Key so a replay does not toggle twice.' } }, async (request) => {
    return media.toggleFavourite(currentUser(request), idParam(request));
  });

  app.patch('/api/media/Edit/:id', { ...auth, schema: { tags, summary: 'Edit name and description (at most 200 characters each), tags (ids) and privacy_level (0 private, 2 public). Editing declined media sends it back for review. Answers { newLevel, media }.' } }, async (request) => {
    const body = parse(mediaEditSchema, request.body);
    return media.edit(currentUser(request), idParam(request), body);
  });

  app.post('/api/media/upload', { ...auth, config: { idempotent: true }, schema: { tags, summary: 'Multipart upload, field mediaFiles: .png .jpg .jpeg .jpe .bmp .gif .mp4 .mov .m4v, at most 10 files of 512 MB. Answers { errors: [{filename, message}], successes: [{filename, uuid_id}] }; more than 10 files -> 422.' } }, async (request) => {
    return receiveMultipartUploads(app, request, currentUser(request), { kind: 'media', field: 'mediaFiles' });
  });

  app.post('/api/media/Delete/:id', { ...auth, schema: { tags, summary: 'Delete my media (admins may delete any). Answers { deleted, message }.' } }, async (request) => {
    return media.remove(currentUser(request), idParam(request));
  });

  const downloadSummary = 'A signed, expiring download link (Content-Disposition: attachment, nosniff, HTTP ranges). Counts a download. Answers { url, fileName }; 409 while processing.';
  app.get('/api/media/Download/:id', { ...auth, schema: { tags, summary: downloadSummary } }, async (request) => {
    return media.download(currentUser(request), idParam(request));
  });
  app.get('/api/media/download/:id', { ...auth, schema: { tags, summary: `By uuid. ${downloadSummary}` } }, async (request) => {
    return media.download(currentUser(request), idParam(request));
  });

  app.get('/api/media/MediaPendingApproval', { ...admin, schema: { tags, summary: 'Admins: processed media waiting for review, oldest first. Answers { total, media }.' } }, async (request) => {
    return media.pending(currentUser(request));
  });

  app.post('/api/media/AdminApproveMedia/:id', { ...admin, schema: { tags, summary: 'Admins: approve unapproved media (409 if already reviewed). Audited; the owner is notified.' } }, async (request) => {
    return media.approve(currentUser(request), idParam(request));
  });

  app.post('/api/media/AdminRejectMedia/:id', {
    ...admin,
    schema: {
      tags,
      summary: "Admins: decline unapproved media. Body { reason, otherReason? }: reason is 'Contains identifying information', 'Inappropriate', 'Wrong tags', 'Missing tags' or 'Other'; 'Other' needs otherReason, non-blank, at most 250 characters. Audited; the owner is notified.",
      body: { type: 'object', properties: { reason: { type: 'string' }, otherReason: { type: 'string' } }, required: ['reason'] },
    },
  }, async (request) => {
    const body = parse(rejectMediaSchema, request.body);
    return media.reject(currentUser(request), idParam(request), body);
  });
}
