// Reply rules. A reply is seen by whoever sees its post: a live, approved feed post by every
// signed-in user; a group post by those who see the group's content (the groups port: everyone
// for an open group, members and site admins for an invite-only one). Anyone who sees a feed post
// may reply; in a group, its members and admins reply. In a group that requires moderation, replies
// are not held for approval: the post was approved already, and members' answers appear at once
// (a group admin removes a reply that should not be there). Pending posts take no replies.
// Nobody is told about a reply (or anything in it) unless they can see the post.
import type { SessionUser } from '../../plugins/session.js';
import type { DB } from '../../db/connection.js';
import { hasRole, Role } from '../../../shared/enums.js';
import { REPLY_MESSAGES, REPLIES_MAX_PAGE, type CreateReplyInput, type RepliesPage, type Reply, type ReplySearch } from '../../../shared/schemas/replies.js';
import type { GroupAccess, GroupsPort } from '../../lib/ports.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import { cursorOf, encodeCursor } from '../../lib/pages.js';
import type { NewNotification } from '../../lib/notifications.js';
import { searchWords } from '../../../shared/search.js';
import type { ReplyRow, RepliesRepository } from './replies-repository.js';
import { tellMentioned } from './conversation.js';
import { postLink, presentReplies, readablePost, userRef, type ReplyPostRow as PostRow } from './replies.js';

const DEFAULT_PAGE = 20;


export interface RepliesPorts {
  db: DB;
  groups: Pick<GroupsPort, 'access'>;
  repo: RepliesRepository;
  notify: (userIds: number[], n: NewNotification) => Promise<void>;
}


export function repliesService({ db, groups, repo, notify }: RepliesPorts) {

  const visiblePost = (user: SessionUser, postId: number) => readablePost(db, groups, user, postId);

  /** A live reply whose post the reader may see; 404 otherwise. */
  async function visibleReply(user: SessionUser, id: number) {
    const reply = await repo.byId(id);
    if (!reply || reply.deleted_at !== null) throw notFound(REPLY_MESSAGES.notFound);
    try {
      return { reply, ...(await visiblePost(user, reply.post_id)) };
    } catch {
      throw notFound(REPLY_MESSAGES.notFound);
    }
  }

  const mayModerate = (user: SessionUser, access: GroupAccess | null) => hasRole(user.role, Role.Admin) || (access?.isGroupAdmin ?? false);

  /**
   * Of `userIds`, those who can see the post now (enabled accounts; for a group post, those who see
   * the group's content).
   */
  async function whoCanSee(post: PostRow, userIds: number[]): Promise<number[]> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return [];
    const users = (await repo.users(ids)).filter((u) => u.enabled === 1);
    if (post.group_id === null) return users.map((u) => u.id);
    const groupId = post.group_id;
    const seen = await Promise.all(users.map(async (u) => ((await groups.access(groupId, u))?.canSeeContent ? u.id : null)));
    return seen.filter((id): id is number => id !== null);
  }

  const present = (rows: ReplyRow[], viewer: SessionUser, canModerate: (groupId: number | null) => boolean, groupOf: (postId: number) => number | null) =>
    presentReplies(repo, rows, viewer, canModerate, groupOf);

  return {
    visiblePost,
    whoCanSee,

    async list(user: SessionUser, postId: number, q: { cursor?: string; limit?: number }): Promise<RepliesPage> {
      const after = cursorOf(q.cursor);
      const { post, access } = await visiblePost(user, postId);
      const limit = Math.min(q.limit ?? DEFAULT_PAGE, REPLIES_MAX_PAGE);
      const [rows, total] = await Promise.all([repo.thread(postId, limit + 1, after), repo.countOf(postId)]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const replies = await present(page, user, () => mayModerate(user, access), () => post.group_id);
      return { replies, total, nextCursor: rows.length > limit && last ? encodeCursor({ at: last.created_at, id: last.id }) : null };
    },

    async create(user: SessionUser, postId: number, input: CreateReplyInput): Promise<{ reply: Reply; post: PostRow; row: ReplyRow }> {
      const { post, access } = await visiblePost(user, postId);
      if (access && !access.isMember && !access.isGroupAdmin) throw forbidden(REPLY_MESSAGES.membersOnly);
      let quoted: ReplyRow | undefined;
      if (input.replyTo !== null) {
        quoted = await repo.byId(input.replyTo);
        if (!quoted || quoted.post_id !== postId || quoted.deleted_at !== null) throw unprocessable(REPLY_MESSAGES.quoteNotFound);
      }
      const row = await repo.insert({ post_id: postId, creator_id: user.id, reply_to_id: quoted?.id ?? null, text: input.text });
      // The post's author, everyone who replied in the thread and the author of the quoted reply hear of it.
      const participants = await repo.participants(postId);
      const recipients = await whoCanSee(post, [post.creator_id, ...participants, ...(quoted ? [quoted.creator_id] : [])].filter((id) => id !== user.id));
      await notify(recipients, {
        message: { key: 'new_reply', params: { actor: `${user.first_name} ${user.last_name}`, title: post.title } },
        link: postLink(postId, row.id),
        kind: 'reply',
        actorId: user.id,
        subject: `post:${postId}`,
      });
      await tellMentioned({ repo: repo.conversation, groups, notify }, { subject: `reply:${row.id}`, text: row.text, post, actor: user, link: postLink(postId, row.id) });
      const [reply] = await present([row], user, () => mayModerate(user, access), () => post.group_id);
      return { reply, post, row };
    },

    async edit(user: SessionUser, id: number, text: string): Promise<Reply> {
      const { reply, post, access } = await visibleReply(user, id);
      if (reply.creator_id !== user.id) throw forbidden(REPLY_MESSAGES.notYours);
      const row = await repo.editText(id, text);
      if (!row) throw notFound(REPLY_MESSAGES.notFound);
      // Only people newly mentioned by the edit are told.
      await tellMentioned({ repo: repo.conversation, groups, notify }, { subject: `reply:${row.id}`, text: row.text, post, actor: user, link: postLink(post.id, row.id) });
      const [presented] = await present([row], user, () => mayModerate(user, access), () => post.group_id);
      return presented;
    },

    async remove(user: SessionUser, id: number) {
      const { reply, post, access } = await visibleReply(user, id);
      const own = reply.creator_id === user.id;
      if (!own && !mayModerate(user, access)) throw forbidden(REPLY_MESSAGES.cannotDelete);
      if (!(await repo.softDelete(id))) throw notFound(REPLY_MESSAGES.notFound);
      if (!own) {
        await notify([reply.creator_id], {
          message: { key: 'reply_removed', params: { title: post.title } },
          link: postLink(post.id),
          kind: 'moderation',
        });
      }
      return { message: REPLY_MESSAGES.deleted };
    },

    async report(user: SessionUser, id: number) {
      const { reply, post } = await visibleReply(user, id);
      if (reply.creator_id === user.id) throw unprocessable(REPLY_MESSAGES.ownReport);
      if (!(await repo.addReport(id, user.id))) throw conflict(REPLY_MESSAGES.alreadyReported);
      // Site admins, and a group post's moderators, are told; each only if they can see it.
      const moderators = post.group_id === null ? [] : (await db.selectFrom('group_members').select('user_id').where('group_id', '=', post.group_id).where('member_type', '>=', 1).execute()).map((r) => r.user_id);
      const told = await whoCanSee(post, [...(await repo.adminIds()), ...moderators].filter((u) => u !== user.id));
      await notify(told, { message: { key: 'reply_reported', params: { title: post.title } }, link: postLink(post.id, id), kind: 'moderation', actorId: user.id });
      return { message: REPLY_MESSAGES.reported };
    },

    async search(user: SessionUser, q: { term: string; offset: number; limit: number }): Promise<ReplySearch> {
      const words = searchWords(q.term);
      const { count, rows } = await repo.search(user.id, words, q.offset, q.limit);
      const users = new Map((await repo.users(rows.map((r) => r.creator_id))).map((u) => [u.id, u]));
      return {
        count,
        replies: rows.map((r) => ({ id: r.id, post_id: r.post_id, post_title: r.post_title, text: r.text, creator: userRef(users.get(r.creator_id), r.creator_id), created_at: r.created_at })),
      };
    },
  };
}
export type RepliesService = ReturnType<typeof repliesService>;

