// Post rules (spec sections 4-6): access checks first, then the rules, then mapping rows to the
// response shapes of spec section 3.
import { cursorOf } from '../../lib/pages.js';
import fs from 'node:fs/promises';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import type { NewNotification } from '../../lib/notifications.js';
import type { acceptTempFile } from '../../uploads/multipart.js';
import type { AcceptedFile } from '../../uploads/registry.js';
import type { SessionUser } from '../../plugins/session.js';
import { hasRole, PostStatus, PrivacyLevel, Role, ProcessingState, ApprovalStatus } from '../../../shared/enums.js';
import type { GroupsPort } from '../../lib/ports.js';
import type {
  CreatePostInput,
  CreatePostResponse,
  ForumPost,
  PostsPage,
  PostToEveryoneResponse,
  ReportedPost,
  UploadErrorRow,
} from '../../../shared/schemas/posts.js';
import { helpfulSince, type CardParts, type PostRow, type PostsRepository } from './repository.js';
import type { PostSort } from '../../../shared/schemas/conversation.js';
import { tellMentioned } from './conversation.js';
import { postLink } from './replies.js';

export const MESSAGES = {
  notFound: 'Post not found',
  notYours: 'You can only delete your own posts',
  ownReport: 'You cannot report your own post',
  alreadyReported: 'You have already reported this post',
  reportNotFound: 'Report not found',
  scenarioMissing: 'One of the attached scenarios could not be found',
  scenarioPrivate: 'Private scenarios can only be attached to group posts',
  scenarioNotReady: 'Only processed scenarios can be attached to a post',
  mediaMissing: 'One of the attached media items could not be found',
  mediaNotApproved: 'Media must be approved before it can be attached to a post',
  mediaPrivate: 'Private media must be made public before it can be attached to a post',
  unknownTag: 'One of the chosen tags does not exist',
  uploadMissing: 'One of the uploaded files could not be found. Please upload it again.',
  adminOnly: 'You do not have permission to do that',
} as const;

/** The feed answers at most this many posts per page; a larger count gets this many. */
export const FEED_MAX_PAGE = 50;

/** A checked upload waiting until the post itself is known to be valid. */
export interface PendingUpload {
  kind: 'scenario' | 'media';
  file: AcceptedFile;
}

export async function discardUploads(uploads: PendingUpload[]) {
  await Promise.all(uploads.map((u) => fs.rm(u.file.filePath, { force: true }).catch(() => undefined)));
}

/** What the post rules need besides their own tables. */
export interface PostsPorts {
  repo: PostsRepository;
  /** Group names, memberships and who may see a group's posts (features/groups/access.ts). */
  groups: Pick<GroupsPort, 'access' | 'canSeePost' | 'idsOf' | 'refs'>;
  /** Tell users something (lib/notifications.ts). */
  notify: (userIds: number[], n: NewNotification) => Promise<void>;
  /** A signed link to a stored thumbnail. */
  signThumb: (key: string) => string;
  /** Store a checked upload as the user's scenario or media item (uploads/multipart.ts). */
  acceptUpload: (user: SessionUser, kind: PendingUpload['kind'], file: AcceptedFile) => ReturnType<typeof acceptTempFile>;
}

/** Admin moderation and posts to everyone: the route checks the role, and so does the rule itself. */
function requireAdmin(user: SessionUser) {
  if (!hasRole(user.role, Role.Admin)) throw forbidden(MESSAGES.adminOnly);
}

export function postsService({ repo, groups, notify, signThumb, acceptUpload }: PostsPorts) {

  /**
   * Posts as `viewer` (the signed-in user: id and role) sees them. `justMade`: posts this request
   * created, which have no replies yet (their read is skipped).
   */
  async function present(rows: PostRow[], viewer: { id: number; role: number }, justMade = false): Promise<ForumPost[]> {
    const viewerId = viewer.id;
    const ids = rows.map((r) => r.id);
    const [parts, replies] = await Promise.all([repo.cardParts(ids, viewerId), justMade ? new Map<number, never>() : repo.replySummaries(viewer, rows)]);
    // An attached scenario shows to whoever can open it: its owner; anyone when it is public and
    // processed; the group's members when it is attached to their group's post (DESIGN section 8).
    const canOpen = (s: CardParts['scenarios'][number], row: PostRow) =>
      s.contributed_by === viewerId ||
      (s.is_processed === ProcessingState.Processed && !s.processing_error && (s.privacy_level === PrivacyLevel.Public || (parts.get(row.id)?.group?.member ?? false)));
    // Attached media shows to its owner, and to everyone while it is public: an item made private
    // after it was posted leaves the post, as it leaves the library.
    const canSeeMedia = (m: CardParts['media'][number]) => m.contributed_by === viewerId || m.privacy_level === PrivacyLevel.Public;
    return rows.map((row) => {
      const part = parts.get(row.id);
      const c = part?.creator;
      return {
        id: row.id,
        title: row.title,
        text: row.text,
        creator: c
          ? { id: c.id, uuid_id: c.uuid_id, first_name: c.first_name, last_name: c.last_name }
          : { id: row.creator_id, uuid_id: '', first_name: 'Unknown', last_name: 'user' },
        created_at: row.created_at,
        status: row.status,
        type: row.type,
        group: row.group_id !== null && part?.group ? { id: row.group_id, name: part.group.name } : null,
        media: (part?.media ?? [])
          .filter(canSeeMedia)
          .map((m) => ({
            id: m.id,
            uuid_id: m.uuid_id,
            name: m.name,
            alt_text: m.alt_text,
            is_video: Boolean(m.is_video),
            signed_thumb_url: m.thumb_key ? signThumb(m.thumb_key) : null,
          })),
        scenarios: (part?.scenarios ?? [])
          .filter((s) => canOpen(s, row))
          .map((s) => ({
            id: s.id,
            uuid_id: s.uuid_id,
            name: s.name,
            device_id: s.device_id,
            is_ctgi: s.file_name.toLowerCase().endsWith('.ctgi'),
          })),
        tags: (part?.tags ?? []).map((t) => ({ id: t.id, title: t.title })),
        is_mine: row.creator_id === viewerId,
        reply_count: replies.get(row.id)?.reply_count ?? 0,
        latest_replies: replies.get(row.id)?.latest_replies ?? [],
        helpful_count: row.helpful_count,
        helpful_mine: part?.reacted ?? false,
        mentions: part?.mentions ?? [],
      };
    });
  }

  /** May the user see this post? Feed posts once approved; group posts by the group's rules (the groups port). */
  async function canSee(user: SessionUser, post: PostRow): Promise<boolean> {
    if (post.group_id === null) return post.status === PostStatus.Approved;
    const access = await groups.access(post.group_id, user);
    return access !== null && groups.canSeePost(access, post, user.id);
  }

  /** A live, approved post the user may see. */
  async function visiblePost(user: SessionUser, id: number): Promise<PostRow> {
    const post = await repo.liveById(id);
    if (!post || post.status !== PostStatus.Approved || !(await canSee(user, post))) throw notFound(MESSAGES.notFound);
    return post;
  }

  /**
   * Feed posts attach only public, processed scenarios; group posts may add the author's own private
   * ones (the group's members can open them through the post). Media must be approved and public
   * either way.
   */
  async function checkAttachments(user: SessionUser, input: Pick<CreatePostInput, 'scenarios' | 'media' | 'tags'>, scope: 'feed' | 'group' = 'feed') {
    const tagIds = await repo.existingTagIds(input.tags);
    if (tagIds.length !== input.tags.length) throw unprocessable(MESSAGES.unknownTag);
    const scenarios = await repo.scenariosForAttach(input.scenarios);
    // Another user's private scenario is reported as missing.
    const seen = scenarios.filter((s) => s.privacy_level === PrivacyLevel.Public || s.contributed_by === user.id);
    if (seen.length !== input.scenarios.length) throw unprocessable(MESSAGES.scenarioMissing);
    if (scope === 'feed' && seen.some((s) => s.privacy_level !== PrivacyLevel.Public)) throw unprocessable(MESSAGES.scenarioPrivate);
    if (seen.some((s) => s.is_processed !== ProcessingState.Processed || s.processing_error)) throw unprocessable(MESSAGES.scenarioNotReady);
    const media = await repo.mediaForAttach(input.media);
    // Another user's private, unapproved item is reported as missing, not as unapproved.
    const visible = media.filter((m) => m.contributed_by === user.id || (m.privacy_level === PrivacyLevel.Public && m.approval_status === ApprovalStatus.Approved));
    if (visible.length !== input.media.length) throw unprocessable(MESSAGES.mediaMissing);
    if (visible.some((m) => m.approval_status !== ApprovalStatus.Approved || m.is_processed !== ProcessingState.Processed)) throw unprocessable(MESSAGES.mediaNotApproved);
    // A post shows private media to its owner alone (present): refused, in feed and group posts alike.
    if (visible.some((m) => m.privacy_level !== PrivacyLevel.Public)) throw unprocessable(MESSAGES.mediaPrivate);
  }

  /**
   * Finished resumable uploads the post refers to: the caller's own, of the right kind,
   * accepted by the server. Answers the scenario and media ids they became; any other reference
   * refuses the post.
   */
  async function uploadedIds(user: SessionUser, input: Pick<CreatePostInput, 'scenarioUploads' | 'mediaUploads'>) {
    const ids = { scenario: [] as number[], media: [] as number[] };
    for (const [kind, refs] of [['scenario', input.scenarioUploads], ['media', input.mediaUploads]] as const) {
      const rows = await repo.finishedUploads(user.id, kind, refs);
      if (rows.length !== refs.length) throw unprocessable(MESSAGES.uploadMissing);
      for (const row of rows) {
        const id = row.result_uuid_id ? await repo.idByUuid(kind === 'scenario' ? 'scenarios' : 'media', row.result_uuid_id) : undefined;
        // The record was deleted since (by its owner): the upload is gone too.
        if (id === undefined) throw unprocessable(MESSAGES.uploadMissing);
        ids[kind].push(id);
      }
    }
    return ids;
  }

  return {
    present,

    async feed(user: SessionUser, q: { offset: number; count: number; tagIds: number[]; cursor?: string; sort?: PostSort }): Promise<PostsPage> {
      const count = Math.min(q.count, FEED_MAX_PAGE);
      const sort = q.sort ?? 'newest';
      // 'Most helpful' pages by offset alone (its order moves as people react).
      const cursor = sort === 'helpful' ? undefined : q.cursor;
      const after = cursorOf(cursor);
      // The reader's own page (their groups' posts, what they may open), cached until anything it shows changes.
      const window = sort === 'helpful' ? ` ${helpfulSince()}` : '';
      return repo.cachedPage(`feed ${user.id} ${sort}${window} ${q.offset} ${count} ${q.tagIds.join(',')} ${cursor ?? ''}`, async () => {
        const { rows, total, nextCursor } = await repo.feedPage({ groupId: null, viewerId: user.id, tagIds: q.tagIds, offset: q.offset, count, after, sort });
        const posts = await present(rows, user);
        return { posts, count: posts.length, to: q.offset + posts.length, total, nextCursor };
      });
    },

    /**
     * Validate the post and its attachments first; only then accept the uploaded files, so a refused
     * post creates nothing. Files that fail are reported per file and the post is created without them.
     */
    async create(
      user: SessionUser,
      input: CreatePostInput,
      uploads: PendingUpload[],
      uploadErrors: UploadErrorRow[],
      /** A group post (features/posts/group-posts-service.ts): its group and status (0 while it waits). */
      target?: { groupId: number; status: number },
    ): Promise<CreatePostResponse> {
      let uploaded: { scenario: number[]; media: number[] };
      try {
        await checkAttachments(user, input, target ? 'group' : 'feed');
        uploaded = await uploadedIds(user, input);
      } catch (err) {
        await discardUploads(uploads);
        throw err;
      }
      const errors = [...uploadErrors];
      const scenarioIds = [...new Set([...input.scenarios, ...uploaded.scenario])];
      const mediaIds = [...new Set([...input.media, ...uploaded.media])];
      for (const u of uploads) {
        const result = await acceptUpload(user, u.kind, u.file);
        if (!result.ok) {
          errors.push(result.error);
          continue;
        }
        const id = await repo.idByUuid(u.kind === 'scenario' ? 'scenarios' : 'media', result.success.uuid_id);
        if (id === undefined) continue;
        if (u.kind === 'scenario' && !scenarioIds.includes(id)) scenarioIds.push(id);
        if (u.kind === 'media' && !mediaIds.includes(id)) mediaIds.push(id);
      }
      const type = input.type ?? (scenarioIds.length ? 'scenario' : mediaIds.length ? 'media' : 'post');
      const row = await repo.insertPost(
        { title: input.title, text: input.text, creator_id: user.id, group_id: target?.groupId ?? null, status: target?.status ?? PostStatus.Approved, type },
        { scenarioIds, mediaIds, tagIds: input.tags },
      );
      // A post waiting for approval tells the people it mentions once it is approved.
      if (row.status === PostStatus.Approved) {
        await tellMentioned({ repo: repo.conversation, groups, notify }, { subject: `post:${row.id}`, text: `${row.title}\n${row.text}`, post: row, actor: user, link: postLink(row.id) });
      }
      const [post] = await present([row], user, true);
      return { ...post, errors };
    },

    /** Admin 'Post to everyone': a post with no group; every enabled user but the poster is told. */
    async postToEveryone(admin: SessionUser, input: { title: string; text: string; tags: number[] }): Promise<PostToEveryoneResponse> {
      requireAdmin(admin);
      await checkAttachments(admin, { scenarios: [], media: [], tags: input.tags });
      const row = await repo.insertPost(
        { title: input.title, text: input.text, creator_id: admin.id, group_id: null, status: PostStatus.Approved, type: 'post' },
        { scenarioIds: [], mediaIds: [], tagIds: input.tags },
      );
      const recipients = (await repo.enabledUserIds()).filter((id) => id !== admin.id);
      await notify(recipients, { message: { key: 'post_for_everyone', params: { title: input.title } }, link: `/feed?post=${row.id}` });
      const [post] = await present([row], admin, true);
      return { ...post, notified: recipients.length };
    },

    /** The creator deletes their own post; another's visible post is 403, a missing one 404. */
    async remove(user: SessionUser, id: number) {
      const post = await repo.liveById(id);
      if (!post) throw notFound(MESSAGES.notFound);
      if (post.creator_id !== user.id) {
        if (post.status !== PostStatus.Approved || !(await canSee(user, post))) throw notFound(MESSAGES.notFound);
        throw forbidden(MESSAGES.notYours);
      }
      if (!(await repo.softDelete(id))) throw notFound(MESSAGES.notFound);
      return { message: 'Post deleted' };
    },

    async report(user: SessionUser, id: number) {
      const post = await visiblePost(user, id);
      if (post.creator_id === user.id) throw unprocessable(MESSAGES.ownReport);
      if (await repo.reportOf(id, user.id)) throw conflict(MESSAGES.alreadyReported);
      // Two reports at once both pass the check above: the primary key keeps one, the other is told.
      if (!(await repo.addReport(id, user.id))) throw conflict(MESSAGES.alreadyReported);
      await notify([post.creator_id], {
        message: { key: 'post_reported_owner', params: { title: post.title } },
        link: '/feed',
        kind: 'moderation',
      });
      const admins = (await repo.adminIds()).filter((a) => a !== user.id);
      await notify(admins, { message: { key: 'post_reported', params: { title: post.title } }, link: '/admin/reported', kind: 'moderation' });
      return { message: 'Post reported' };
    },

    async reported(admin: SessionUser): Promise<ReportedPost[]> {
      requireAdmin(admin);
      const rows = await repo.openReports();
      const posts = await present(rows, admin);
      return rows.map((r, i) => ({
        post: posts[i],
        reportedBy: { id: r.reporter_id, uuid_id: r.reporter_uuid_id, first_name: r.reporter_first_name, last_name: r.reporter_last_name },
        reported_at: r.reported_at,
      }));
    },

    /** a = the post id, b = the id of the user whose report is ignored. */
    async ignoreReport(admin: SessionUser, postId: number, reporterId: number) {
      requireAdmin(admin);
      const n = await repo.ignoreReport(postId, reporterId);
      if (!n) throw notFound(MESSAGES.reportNotFound);
      return { message: 'Report ignored' };
    },

    async deleteReported(admin: SessionUser, id: number) {
      requireAdmin(admin);
      const post = await repo.liveById(id);
      if (!post) throw notFound(MESSAGES.notFound);
      // Two admins at once: one deletes, the other is told it is gone; the creator is told once.
      if (!(await repo.softDelete(id))) throw notFound(MESSAGES.notFound);
      await notify([post.creator_id], {
        message: { key: 'post_removed', params: { title: post.title } },
        link: '/feed',
        kind: 'moderation',
      });
      return { message: 'Post deleted' };
    },
  };
}

export type PostsService = ReturnType<typeof postsService>;
