// Forum post calls of spec section 7 (feed, create, delete, report, admin moderation, post to everyone).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { createPostSchema, type UploadErrorRow } from '../../../shared/schemas/posts.js';
import { parse, unprocessable } from '../../lib/http-error.js';
import { notifyUsers } from '../../lib/notifications.js';
import { route } from '../../lib/route.js';
import {
  getPosts,
  createPost,
  postToEveryone,
  deletePost,
  reportPost,
  listReportedPosts,
  ignoreReportedPost,
  deleteReportedPost,
} from '../../../shared/endpoints/posts.js';
import { unknownFields, unknownFieldsMessage } from '../../../shared/unknown-fields.js';
import { signFileUrl } from '../../storage/signed-url.js';
import { acceptTempFile, formParts, streamPartToTemp } from '../../uploads/multipart.js';
import { getUploadKind } from '../../uploads/registry.js';
import { postsRepository } from './repository.js';
import { discardUploads, FEED_MAX_PAGE, postsService, type PendingUpload, type PostsPorts } from './service.js';

const FILE_FIELDS: Record<string, 'scenario' | 'media'> = { scenariosToUpload: 'scenario', mediaToUpload: 'media' };

/** The text fields of a post form: those createPostSchema reads. */
const POST_FIELDS = new Set(['title', 'text', 'type', 'scenarios', 'media', 'tags', 'scenarioUploads', 'mediaUploads']);

/**
 * Read a CreatePost multipart body: fields are collected; each file part streams to a checked temp
 * file (nothing is stored yet). A field or file under a name the form does not have is refused
 * (422 naming it), as an unknown field of a JSON body is (lib/route.ts).
 */
export async function readPostForm(app: FastifyInstance, request: FastifyRequest) {
  const fields: Record<string, string[]> = {};
  const uploads: PendingUpload[] = [];
  const errors: UploadErrorRow[] = [];
  const counts = { scenario: 0, media: 0 };
  const unknown = new Set<string>();
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'field') {
        if (POST_FIELDS.has(part.fieldname)) (fields[part.fieldname] ??= []).push(String(part.value ?? ''));
        else unknown.add(part.fieldname);
        continue;
      }
      const kind = FILE_FIELDS[part.fieldname];
      if (!kind) unknown.add(part.fieldname);
      if (!kind || !part.filename || unknown.size) {
        part.file.resume();
        continue;
      }
      counts[kind] += 1;
      const result = await streamPartToTemp(app, part, kind);
      if (result.ok) uploads.push({ kind, file: result.file });
      else errors.push(result.error);
    }
    if (unknown.size) throw unprocessable(unknownFieldsMessage([...unknown]));
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
  const body = { title: one('title') ?? '', text: one('text') ?? '', type: one('type') || undefined, scenarios: fields.scenarios ?? [], media: fields.media ?? [], tags: fields.tags ?? [], scenarioUploads: fields.scenarioUploads ?? [], mediaUploads: fields.mediaUploads ?? [] };
  return { body, uploads, errors };
}

/**
 * A CreatePost or CreateGroupPost body, multipart or JSON, checked: unknown fields are refused
 * (422 naming them) and a refused body stores none of its files.
 */
export async function readPostBody(app: FastifyInstance, request: FastifyRequest) {
  let body: unknown = request.body;
  let uploads: PendingUpload[] = [];
  let errors: UploadErrorRow[] = [];
  if (request.isMultipart()) ({ body, uploads, errors } = await readPostForm(app, request));
  try {
    const unknown = unknownFields(createPostSchema, body);
    if (unknown.length) throw unprocessable(unknownFieldsMessage(unknown));
    return { input: parse(createPostSchema, body), uploads, errors };
  } catch (err) {
    await discardUploads(uploads);
    throw err;
  }
}

/** The posts rules' wiring, shared by the feed and the group-post routes. */
export const postsPortsOf = (app: FastifyInstance): PostsPorts => ({
  repo: postsRepository(app.db, app.dialect),
  groups: app.ports.groups,
  notify: (userIds, n) => notifyUsers(app.db, userIds, n),
  signThumb: (key) => signFileUrl(app.config.sessionSecret, key, { disposition: 'inline' }),
  acceptUpload: (user, kind, file) => acceptTempFile(app, user, kind, file),
});

export default async function postRoutes(app: FastifyInstance) {
  const service = postsService(postsPortsOf(app));
  const tags = ['posts'];

  route(app, getPosts, {
    auth: 'user',
    tags,
    summary: `The public feed, newest first; tagIds comma-joined or -1 (a post matches when it has any of them); at most ${FEED_MAX_PAGE} posts a page; ?cursor= (the previous page's nextCursor) reads the page after it, the offset is then not used; ?sort=helpful: the posts of the last 30 days, most found helpful first, then newest (by offset only)`,
  }, async ({ user, params, query }) => service.feed(user, { ...params, cursor: query.cursor, sort: query.sort }));

  route(app, createPost, {
    auth: 'user',
    tags,
    summary: 'Create a feed post (multipart: title, text, type, scenarios, media, tags, scenarioUploads, mediaUploads, scenariosToUpload, mediaToUpload files; JSON also accepted)',
    description:
      'Ids may be comma-joined or repeated. The post and its attachments are checked before any uploaded file is stored, so a refused post creates nothing. ' +
      'Files that fail their checks are listed in errors [{filename, message}] and the post is created without them. ' +
      'scenarioUploads and mediaUploads name finished resumable (tus) uploads of the caller, attached without sending the files again. Honours Idempotency-Key.',
  }, async ({ user, request }) => {
    // Multipart or JSON: the fields are parsed here, once the files have streamed to temp files.
    const { input, uploads, errors } = await readPostBody(app, request);
    return service.create(user, input, uploads, errors);
  });

  route(app, postToEveryone, {
    auth: Role.Admin,
    tags,
    summary: 'Admin: a post with no group; every enabled user but the poster is notified with a link to the feed, and `notified` says how many',
  }, async ({ user, body }) => service.postToEveryone(user, body));

  route(app, deletePost, {
    auth: 'user',
    tags,
    summary: "Delete one's own post (403 for another's visible post, 404 when missing)",
  }, async ({ user, params }) => service.remove(user, params.id));

  route(app, reportPost, {
    auth: 'user',
    tags,
    summary: "Report another user's post, once per user (422 own post, 409 already reported)",
  }, async ({ user, params }) => service.report(user, params.postId));

  route(app, listReportedPosts, {
    auth: Role.Admin,
    tags,
    summary: 'Admin: open reports, newest first, one entry per (post, reporter)',
  }, async ({ user }) => service.reported(user));

  route(app, ignoreReportedPost, {
    auth: Role.Admin,
    tags,
    summary: "Admin: ignore one report; postId = the post id, userId = the reporting user's id",
  }, async ({ user, params }) => service.ignoreReport(user, params.postId, params.userId));

  route(app, deleteReportedPost, {
    auth: Role.Admin,
    tags,
    summary: "Admin: delete a (reported) post by id; its creator is notified 'Your post was removed'",
  }, async ({ user, params }) => service.deleteReported(user, params.id));
}
