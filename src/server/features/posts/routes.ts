// Forum post calls of spec section 7 (feed, create, delete, report, admin moderation, post to everyone).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { PAGE_SIZE } from '../../../shared/limits.js';
import { createPostSchema, idListSchema, postToEveryoneSchema, type UploadErrorRow } from '../../../shared/schemas/posts.js';
import { intParam, parse, unprocessable } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/session.js';
import { formParts, streamPartToTemp } from '../../uploads/multipart.js';
import { getUploadKind } from '../../uploads/registry.js';
import { discardUploads, postsService, type PendingUpload } from './service.js';

const FILE_FIELDS: Record<string, 'scenario' | 'media'> = { scenariosToUpload: 'scenario', mediaToUpload: 'media' };
const MAX_PAGE = 50;

const postSchema = {
  type: 'object',
  description: 'A forum post (spec section 3); group is null in the public feed',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    text: { type: 'string' },
    creator: { type: 'object', properties: { id: { type: 'integer' }, uuid_id: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } } },
    created_at: { type: 'string' },
    status: { type: 'integer', description: '0 pending, 1 approved' },
    type: { type: 'string', enum: ['post', 'scenario', 'media'] },
    group: { type: ['object', 'null'] },
    media: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, uuid_id: { type: 'string' }, name: { type: 'string' }, is_video: { type: 'boolean' }, signed_thumb_url: { type: ['string', 'null'] } } } },
    scenarios: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, uuid_id: { type: 'string' }, name: { type: 'string' }, device_id: { type: ['integer', 'null'] }, is_ctgi: { type: 'boolean' } } } },
    tags: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } } },
    is_mine: { type: 'boolean' },
  },
} as const;
const messageSchema = { type: 'object', properties: { message: { type: 'string' } } } as const;
const errorResponses = { 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema, 422: messageSchema };

/**
 * Read a CreatePost multipart body: fields are collected; each file part streams to a checked temp
 * file (nothing is stored yet). Unknown file fields are drained and ignored.
 */
async function readPostForm(app: FastifyInstance, request: FastifyRequest) {
  const fields: Record<string, string[]> = {};
  const uploads: PendingUpload[] = [];
  const errors: UploadErrorRow[] = [];
  const counts = { scenario: 0, media: 0 };
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'field') {
        (fields[part.fieldname] ??= []).push(String(part.value ?? ''));
        continue;
      }
      const kind = FILE_FIELDS[part.fieldname];
      if (!kind || !part.filename) {
        part.file.resume();
        continue;
      }
      counts[kind] += 1;
      const result = await streamPartToTemp(app, part, kind);
      if (result.ok) uploads.push({ kind, file: result.file });
      else errors.push(result.error);
    }
  } catch (err) {
    await discardUploads(uploads);
    throw err;
  }
  for (const kind of ['scenario', 'media'] as const) {
    const max = getUploadKind(kind)?.maxFiles;
    if (max !== undefined && counts[kind] > max) {
      await discardUploads(uploads);
      throw unprocessable(`You can upload at most ${max} ${kind === 'scenario' ? 'scenarios' : 'media files'} at a time`);
    }
  }
  const one = (name: string) => fields[name]?.[fields[name].length - 1];
  const body = { title: one('title') ?? '', text: one('text') ?? '', type: one('type') || undefined, scenarios: fields.scenarios ?? [], media: fields.media ?? [], tags: fields.tags ?? [] };
  return { body, uploads, errors };
}

export default async function postRoutes(app: FastifyInstance) {
  const service = postsService(app);
  const tags = ['posts'];
  const admin = app.requireRole(Role.Admin);

  app.get(
    '/api/forumpost/GetPosts/:offset/:count/:tagIds',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The public feed, newest first; tagIds comma-joined or -1 (a post matches when it has any of them)',
        response: {
          200: {
            type: 'object',
            properties: {
              posts: { type: 'array', items: postSchema },
              count: { type: 'integer', description: 'posts in this page' },
              to: { type: 'integer', description: 'offset + count' },
              total: { type: 'integer', description: 'posts matching the filter' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const p = request.params as { offset: string; count: string; tagIds: string };
      const offset = intParam(p.offset);
      const count = Math.min(Math.max(intParam(p.count), 1), MAX_PAGE);
      const tagIds = parse(idListSchema, p.tagIds);
      return service.feed(currentUser(request), { offset, count: count || PAGE_SIZE.feed, tagIds });
    },
  );

  app.post(
    '/api/forumpost/CreatePost',
    {
      preHandler: app.requireUser,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a feed post (multipart: title, text, type, scenarios, media, tags, scenariosToUpload, mediaToUpload files; JSON also accepted)',
        description:
          'Ids may be comma-joined or repeated. The post and its attachments are checked before any uploaded file is stored, so a refused post creates nothing. ' +
          'Files that fail their checks are listed in errors [{filename, message}] and the post is created without them. Honours Idempotency-Key.',
        response: { 201: { ...postSchema, properties: { ...postSchema.properties, errors: { type: 'array', items: { type: 'object', properties: { filename: { type: 'string' }, message: { type: 'string' } } } } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      let body: unknown = request.body;
      let uploads: PendingUpload[] = [];
      let errors: UploadErrorRow[] = [];
      if (request.isMultipart()) ({ body, uploads, errors } = await readPostForm(app, request));
      let input;
      try {
        input = parse(createPostSchema, body);
      } catch (err) {
        await discardUploads(uploads);
        throw err;
      }
      const post = await service.create(user, input, uploads, errors);
      return reply.status(201).send(post);
    },
  );

  app.post(
    '/api/forumpost/PostToEveryone',
    {
      preHandler: admin,
      config: { idempotent: true },
      schema: { tags, summary: 'Admin: a post with no group; every enabled user is notified with a link to the feed', response: { 201: postSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const input = parse(postToEveryoneSchema, request.body);
      return reply.status(201).send(await service.postToEveryone(currentUser(request), input));
    },
  );

  app.delete(
    '/api/forumpost/DeletePost/:id',
    { preHandler: app.requireUser, schema: { tags, summary: "Delete one's own post (403 for another's visible post, 404 when missing)", response: { 200: messageSchema, ...errorResponses } } },
    async (request) => service.remove(currentUser(request), intParam((request.params as { id: string }).id)),
  );

  app.post(
    '/api/forumpost/report/:postId',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: "Report another user's post, once per user (422 own post, 409 already reported)", response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => service.report(currentUser(request), intParam((request.params as { postId: string }).postId)),
  );

  app.get(
    '/api/forumpost/reportedposts',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Admin: open reports, newest first, one entry per (post, reporter)',
        response: { 200: { type: 'array', items: { type: 'object', properties: { post: postSchema, reportedBy: postSchema.properties.creator, reported_at: { type: 'string' } } } }, ...errorResponses },
      },
    },
    async (request) => service.reported(currentUser(request).id),
  );

  app.post(
    '/api/forumpost/ignorereportedpost/:postId/:userId',
    {
      preHandler: admin,
      schema: { tags, summary: "Admin: ignore one report; a = the post id, b = the reporting user's id", response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const p = request.params as { postId: string; userId: string };
      return service.ignoreReport(intParam(p.postId), intParam(p.userId));
    },
  );

  app.post(
    '/api/forumpost/deletereportedpost/:id',
    { preHandler: admin, schema: { tags, summary: "Admin: delete a (reported) post by id; its creator is notified 'Your post was removed'", response: { 200: messageSchema, ...errorResponses } } },
    async (request) => service.deleteReported(intParam((request.params as { id: string }).id)),
  );
}

