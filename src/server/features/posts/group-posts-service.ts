// Posts in forum groups: members post; in a group that requires moderation a plain
// member's post waits (status 0) in their 'My Pending Posts' and in the admins' Post requests until
// a group admin approves or declines it. Group admins' own posts are not held. Visibility and roles
// come from the groups port (lib/ports.ts); posting itself reuses the feed's create (attachments, uploads).
import { cursorOf } from '../../lib/pages.js';
import { PostStatus } from '../../../shared/enums.js';
import { GROUP_MESSAGES, type CreateGroupPostResponse, type GroupPost, type GroupPostsPage } from '../../../shared/schemas/groups.js';
import type { CreatePostInput, UploadErrorRow } from '../../../shared/schemas/posts.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import type { GroupAccess, GroupsPort } from '../../lib/ports.js';
import type { SessionUser } from '../../plugins/session.js';
import type { GroupPostsRepository } from './group-posts-repository.js';
import { helpfulSince, type PostsRepository } from './repository.js';
import type { PostSort } from '../../../shared/schemas/conversation.js';
import { tellMentioned } from './conversation.js';
import { postLink } from './replies.js';
import { discardUploads, type PendingUpload, type PostsPorts, type PostsService } from './service.js';

const links = {
  group: (id: number) => `/forum/group/${id}`,
  postRequests: (id: number) => `/forum/edit/${id}?tab=post-requests`,
};

/** What the group-post rules use: their own queries, the feed's rules and queries, and the groups port. */
export interface GroupPostsPorts {
  repo: GroupPostsRepository;
  postsRepo: PostsRepository;
  /** The feed's rules for presenting and creating posts. */
  posts: PostsService;
  groups: Pick<GroupsPort, 'access' | 'canSeePost' | 'adminIds' | 'logModeration'>;
  notify: PostsPorts['notify'];
}

export function groupPostsService({ repo, postsRepo, posts, groups, notify }: GroupPostsPorts) {
  async function access(user: SessionUser, groupId: number): Promise<GroupAccess> {
    const a = await groups.access(groupId, user);
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
    if (!groups.canSeePost(a, post, user.id)) throw notFound(GROUP_MESSAGES.postNotFound);
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
        const admins = (await groups.adminIds(groupId)).filter((id) => id !== user.id);
        await notify(admins, {
          message: { key: 'group_post_waiting', params: { actor: `${user.first_name} ${user.last_name}`, title: post.title, group: a.group.name } },
          link: links.postRequests(groupId),
          kind: 'moderation',
          actorId: user.id,
        });
      }
      return post;
    },

    /** Approved posts of a group, newest first. */
    async list(user: SessionUser, groupId: number, offset: number, count: number, cursor?: string, sort: PostSort = 'newest'): Promise<GroupPostsPage> {
      // 'Most helpful' pages by offset alone (its order moves as people react).
      if (sort === 'helpful') cursor = undefined;
      const after = cursorOf(cursor);
      const window = sort === 'helpful' ? ` helpful ${helpfulSince()}` : '';
      // The reader's page, cached until anything it shows changes. Access is part of it: it depends
      // only on the group, the memberships (both versioned with the page) and the reader's role (in
      // the key), and a refusal is never cached.
      return postsRepo.cachedPage(`group ${groupId} ${user.id} ${user.role}${window} ${offset} ${count} ${cursor ?? ''}`, async () => {
        await contentAccess(user, groupId);
        const { rows, total, nextCursor } = await postsRepo.feedPage({ groupId, tagIds: [], offset, count, after, sort });
        const page = await posts.present(rows, user);
        return { posts: page, count: page.length, to: offset + page.length, total, nextCursor };
      });
    },

    /** Group admins: posts waiting for approval. */
    async requests(user: SessionUser, groupId: number): Promise<GroupPost[]> {
      const a = await contentAccess(user, groupId);
      if (!a.isGroupAdmin) throw forbidden(GROUP_MESSAGES.adminsOnly);
      return posts.present(await repo.pendingOf(groupId), user);
    },

    /** 'My Pending Posts': the viewer's own posts waiting in this group. */
    async mine(user: SessionUser, groupId: number): Promise<GroupPost[]> {
      await contentAccess(user, groupId);
      return posts.present(await repo.pendingBy(groupId, user.id), user);
    },

    async approve(user: SessionUser, postId: number) {
      const { post, group } = await pendingForDecision(user, postId);
      if (!(await repo.approve(postId))) throw conflict(GROUP_MESSAGES.postNotPending);
      await groups.logModeration({ groupId: group.id, actorId: user.id, action: 'approved_post', targetUserId: post.creator_id, detail: post.title });
      await notify([post.creator_id], { message: { key: 'group_post_approved', params: { title: post.title, group: group.name } }, link: links.group(group.id), kind: 'moderation' });
      // Now that the group sees it, the people it mentions are told.
      const author = await postsRepo.conversation.usersById([post.creator_id]);
      if (author[0]) await tellMentioned({ repo: postsRepo.conversation, groups, notify }, { subject: `post:${post.id}`, text: `${post.title}\n${post.text}`, post, actor: author[0], link: postLink(post.id) });
      return { message: GROUP_MESSAGES.postApproved };
    },

    async decline(user: SessionUser, postId: number) {
      const { post, group } = await pendingForDecision(user, postId);
      if (!(await repo.decline(postId))) throw conflict(GROUP_MESSAGES.postNotPending);
      await groups.logModeration({ groupId: group.id, actorId: user.id, action: 'declined_post', targetUserId: post.creator_id, detail: post.title });
      await notify([post.creator_id], { message: { key: 'group_post_declined', params: { title: post.title, group: group.name } }, link: links.group(group.id), kind: 'moderation' });
      return { message: GROUP_MESSAGES.postDeclined };
    },
  };
}
