// Posts in forum groups: members post; in a group that requires moderation a plain
// member's post waits (status 0) in their 'My Pending Posts' and in the admins' Post requests until
// a group admin approves or declines it. Group admins' own posts are not held. Visibility and roles
// come from lib/group-access.ts; posting itself reuses the feed's create (attachments, uploads).
import { cursorOf } from '../../lib/pages.js';
import type { FastifyInstance } from 'fastify';
import { PostStatus } from '../../../shared/enums.js';
import { GROUP_MESSAGES, type CreateGroupPostResponse, type GroupPost, type GroupPostsPage } from '../../../shared/schemas/groups.js';
import type { CreatePostInput, UploadErrorRow } from '../../../shared/schemas/posts.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import { canSeeGroupPost, groupAccess, groupAdminIds, logModeration, type GroupAccess } from '../../lib/group-access.js';
import { notifyUser, notifyUsers } from '../../lib/notifications.js';
import type { SessionUser } from '../../plugins/session.js';
import { signFileUrl } from '../../storage/signed-url.js';
import { acceptTempFile } from '../../uploads/multipart.js';
import { groupPostsRepository } from './group-posts-repository.js';
import { postsRepository } from './repository.js';
import { discardUploads, postsService, type PendingUpload } from './service.js';

const links = {
  group: (id: number) => `/forum/group/${id}`,
  postRequests: (id: number) => `/forum/edit/${id}?tab=post-requests`,
};

export function groupPostsService(app: FastifyInstance) {
  const postsRepo = postsRepository(app.db);
  // The feed's rules for presenting and creating posts, with the same ports as posts/routes.ts.
  const posts = postsService({
    repo: postsRepo,
    notify: (userIds, n) => notifyUsers(app.db, userIds, n),
    signThumb: (key) => signFileUrl(app.config.sessionSecret, key, { disposition: 'inline' }),
    acceptUpload: (user, kind, file) => acceptTempFile(app, user, kind, file),
  });
  const repo = groupPostsRepository(app.db);

  async function access(user: SessionUser, groupId: number): Promise<GroupAccess> {
    const a = await groupAccess(app.db, groupId, user);
    if (!a) throw notFound(GROUP_MESSAGES.notFound);
    return a;
  }
  /** An invite-only group's posts and pending items are for its members (404 to others). */
  async function contentAccess(user: SessionUser, groupId: number): Promise<GroupAccess> {
    const a = await access(user, groupId);
    if (!a.canSeeContent) throw notFound(GROUP_MESSAGES.notFound);
    return a;
  }

  /** A pending post a group admin decides on: 404 when missing or invisible, 403 for non-admins, 409 when already decided. */
  async function pendingForDecision(user: SessionUser, postId: number) {
    const post = await postsRepo.liveById(postId);
    if (!post || post.group_id === null) throw notFound(GROUP_MESSAGES.postNotFound);
    const a = await access(user, post.group_id);
    if (!canSeeGroupPost(a, post, user.id)) throw notFound(GROUP_MESSAGES.postNotFound);
    if (!a.isGroupAdmin) throw forbidden(GROUP_MESSAGES.adminsOnly);
    if (post.status !== PostStatus.Pending) throw conflict(GROUP_MESSAGES.postNotPending);
    return { post, group: a.group };
  }

  async function posterAccess(user: SessionUser, groupId: number): Promise<GroupAccess> {
    const a = await access(user, groupId);
    if (!a.isMember) throw forbidden(GROUP_MESSAGES.membersOnlyPost);
    return a;
  }

  return {
    /** 404 for no such group, 403 for a non-member: checked before the form's files are read. */
    async checkCanPost(user: SessionUser, groupId: number): Promise<void> {
      await posterAccess(user, groupId);
    },

    /** Members post; uploads are discarded when the post is refused before it is checked. */
    async create(user: SessionUser, groupId: number, input: CreatePostInput, uploads: PendingUpload[], errors: UploadErrorRow[]): Promise<CreateGroupPostResponse> {
      let a: GroupAccess;
      try {
        a = await posterAccess(user, groupId);
      } catch (err) {
        await discardUploads(uploads);
        throw err;
      }
      const held = a.group.posting_type === 'requireModeration' && !a.isGroupAdmin;
      const post = await posts.create(user, input, uploads, errors, { groupId, status: held ? PostStatus.Pending : PostStatus.Approved });
      if (held) {
        const admins = (await groupAdminIds(app.db, groupId)).filter((id) => id !== user.id);
        await notifyUsers(app.db, admins, {
          name: 'Post waiting for approval',
          description: `${user.first_name} ${user.last_name} posted "${post.title}" in ${a.group.name}`,
          link: links.postRequests(groupId),
        });
      }
      return post;
    },

    /** Approved posts of a group, newest first. */
    async list(user: SessionUser, groupId: number, offset: number, count: number, cursor?: string): Promise<GroupPostsPage> {
      const after = cursorOf(cursor);
      // The reader's page, cached until anything it shows changes. Access is part of it: it depends
      // only on the group, the memberships (both versioned with the page) and the reader's role (in
      // the key), and a refusal is never cached.
      return postsRepo.cachedPage(`group ${groupId} ${user.id} ${user.role} ${offset} ${count} ${cursor ?? ''}`, async () => {
        await contentAccess(user, groupId);
        const { rows, total, nextCursor } = await postsRepo.feedPage({ groupId, tagIds: [], offset, count, after });
        const page = await posts.present(rows, user.id);
        return { posts: page, count: page.length, to: offset + page.length, total, nextCursor };
      });
    },

    /** Group admins: posts waiting for approval. */
    async requests(user: SessionUser, groupId: number): Promise<GroupPost[]> {
      const a = await contentAccess(user, groupId);
      if (!a.isGroupAdmin) throw forbidden(GROUP_MESSAGES.adminsOnly);
      return posts.present(await repo.pendingOf(groupId), user.id);
    },

    /** 'My Pending Posts': the viewer's own posts waiting in this group. */
    async mine(user: SessionUser, groupId: number): Promise<GroupPost[]> {
      await contentAccess(user, groupId);
      return posts.present(await repo.pendingBy(groupId, user.id), user.id);
    },

    async approve(user: SessionUser, postId: number) {
      const { post, group } = await pendingForDecision(user, postId);
      if (!(await repo.approve(postId))) throw conflict(GROUP_MESSAGES.postNotPending);
      await logModeration(app.db, { groupId: group.id, actorId: user.id, action: 'approved_post', targetUserId: post.creator_id, detail: post.title });
      await notifyUser(app.db, post.creator_id, { name: 'Post approved', description: `"${post.title}" is now visible in ${group.name}`, link: links.group(group.id) });
      return { message: GROUP_MESSAGES.postApproved };
    },

    async decline(user: SessionUser, postId: number) {
      const { post, group } = await pendingForDecision(user, postId);
      if (!(await repo.decline(postId))) throw conflict(GROUP_MESSAGES.postNotPending);
      await logModeration(app.db, { groupId: group.id, actorId: user.id, action: 'declined_post', targetUserId: post.creator_id, detail: post.title });
      await notifyUser(app.db, post.creator_id, { name: 'Post declined', description: `"${post.title}" was not approved in ${group.name}`, link: links.group(group.id) });
      return { message: GROUP_MESSAGES.postDeclined };
    },
  };
}
