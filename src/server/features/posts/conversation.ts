// Mentions and 'Helpful' reactions (feed and group posts, and their replies).
// - Who may react: whoever sees the post (replies.ts readablePost: a live, approved feed post, or a
//   group post whose group's content they see); not on one's own post or reply. Others find the
//   count and who reacted only where they see the post: elsewhere it is 404, like the post.
// - A reaction tells the author (kind 'reaction', subject 'post:<id>' or 'reply:<id>', so unread
//   ones group), once while that notification is unread: taking it back and giving it again does
//   not tell them twice.
// - Mentions: '@username' (shared/mentions.ts). The autocomplete offers those who can see what is
//   written: a group's members for its posts and their replies, every active user for the feed.
//   A mentioned person is told (kind 'mention') once per post or reply, also when a reply is
//   edited, and only when they can see the post; a post waiting for approval tells nobody until it
//   is approved. Only mentions that told someone are linked to a profile.
import type { DB } from '../../db/connection.js';
import type { SessionUser } from '../../plugins/session.js';
import type { GroupsPort, GroupViewer } from '../../lib/ports.js';
import type { NewNotification } from '../../lib/notifications.js';
import { notFound, unprocessable } from '../../lib/http-error.js';
import { mentionedUsernames } from '../../../shared/mentions.js';
import { MENTION_CANDIDATES_MAX, REACTORS_SHOWN, type ReactionState, type Reactors } from '../../../shared/schemas/conversation.js';
import { REPLY_MESSAGES } from '../../../shared/schemas/replies.js';
import { conversationRepository, type ConversationRepository, type ReactionTarget } from './conversation-repository.js';
import { postLink, readablePost, type ReplyPostRow } from './replies.js';

export const CONVERSATION_RULES = {
  ownPost: 'You cannot mark your own post as helpful',
  ownReply: 'You cannot mark your own reply as helpful',
  oneScope: 'Give a post or a group, not both',
  groupNotFound: 'Group not found',
} as const;

/** A text mentions at most this many people: more are not told. */
export const MENTIONS_MAX = 20;

type Notify = (userIds: number[], n: NewNotification) => Promise<void>;

export interface MentionInput {
  /** 'post:<id>' or 'reply:<id>'. */
  subject: string;
  text: string;
  post: Pick<ReplyPostRow, 'id' | 'title' | 'group_id'>;
  actor: Pick<SessionUser, 'id' | 'first_name' | 'last_name'>;
  link: string;
}

/** Tell the people a text mentions who can see its post and were not told of this post or reply before. */
export async function tellMentioned(deps: { repo: ConversationRepository; groups: Pick<GroupsPort, 'access'>; notify: Notify }, m: MentionInput): Promise<void> {
  const names = mentionedUsernames(m.text).slice(0, MENTIONS_MAX);
  if (!names.length) return;
  const users = (await deps.repo.usersNamed(names)).filter((u) => u.id !== m.actor.id);
  const groupId = m.post.group_id;
  const visible =
    groupId === null
      ? users
      : (await Promise.all(users.map(async (u) => ((await deps.groups.access(groupId, u as GroupViewer))?.canSeeContent ? u : null)))).filter((u) => u !== null);
  const told = await deps.repo.addMentions(m.subject, visible.map((u) => u.id));
  if (!told.length) return;
  await deps.notify(told, {
    message: { key: 'mention', params: { actor: `${m.actor.first_name} ${m.actor.last_name}`, title: m.post.title } },
    link: m.link,
    kind: 'mention',
    actorId: m.actor.id,
    subject: m.subject,
  });
}

export function conversationService({ db, groups, notify }: { db: DB; groups: Pick<GroupsPort, 'access'>; notify: Notify }) {
  const repo = conversationRepository(db);

  /** A live reply whose post the reader sees, with that post; 404 otherwise. */
  async function visibleReply(user: SessionUser, id: number) {
    const reply = await db.selectFrom('post_replies').select(['id', 'post_id', 'creator_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
    if (!reply || reply.deleted_at !== null) throw notFound(REPLY_MESSAGES.notFound);
    try {
      return { reply, ...(await readablePost(db, groups, user, reply.post_id)) };
    } catch {
      throw notFound(REPLY_MESSAGES.notFound);
    }
  }

  /** What a reaction is on: its author, the post, the link and subject of a notification about it. */
  async function target(user: SessionUser, kind: ReactionTarget, id: number) {
    if (kind === 'post') {
      const { post } = await readablePost(db, groups, user, id);
      return { authorId: post.creator_id, post, link: postLink(post.id), subject: `post:${post.id}`, own: CONVERSATION_RULES.ownPost };
    }
    const { reply, post } = await visibleReply(user, id);
    return { authorId: reply.creator_id, post, link: postLink(post.id, reply.id), subject: `reply:${reply.id}`, own: CONVERSATION_RULES.ownReply };
  }

  /** Is there an unread notification of this kind, subject and actor for the user? */
  async function alreadyTold(userId: number, subject: string, actorId: number) {
    const row = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'reaction')
      .where('subject', '=', subject)
      .where('actor_id', '=', actorId)
      .where('has_read', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async react(user: SessionUser, kind: ReactionTarget, id: number): Promise<ReactionState> {
      const t = await target(user, kind, id);
      if (t.authorId === user.id) throw unprocessable(t.own);
      const { added, count } = await repo.react(kind, id, user.id);
      if (added && !(await alreadyTold(t.authorId, t.subject, user.id))) {
        // The author hears of it only while they can still see the post (a group they left: not).
        const author = await db.selectFrom('users').select(['id', 'role', 'enabled']).where('id', '=', t.authorId).executeTakeFirst();
        const sees = author !== undefined && author.enabled === 1 && (t.post.group_id === null || (await groups.access(t.post.group_id, author))?.canSeeContent === true);
        if (sees) {
          await notify([t.authorId], {
            message: { key: kind === 'post' ? 'post_helpful' : 'reply_helpful', params: { actor: `${user.first_name} ${user.last_name}`, title: t.post.title } },
            link: t.link,
            kind: 'reaction',
            actorId: user.id,
            subject: t.subject,
          });
        }
      }
      return { helpful_count: count, helpful_mine: true };
    },

    async unreact(user: SessionUser, kind: ReactionTarget, id: number): Promise<ReactionState> {
      await target(user, kind, id);
      return { helpful_count: await repo.unreact(kind, id, user.id), helpful_mine: false };
    },

    async reactors(user: SessionUser, kind: ReactionTarget, id: number): Promise<Reactors> {
      await target(user, kind, id);
      const [count, users] = await Promise.all([repo.countOf(kind, id), repo.reactors(kind, id, REACTORS_SHOWN)]);
      return { helpful_count: count, users };
    },

    async candidates(user: SessionUser, q: { term: string; postId?: number; groupId?: number }) {
      if (q.postId !== undefined && q.groupId !== undefined) throw unprocessable(CONVERSATION_RULES.oneScope);
      let groupId: number | null = null;
      if (q.postId !== undefined) groupId = (await readablePost(db, groups, user, q.postId)).post.group_id;
      else if (q.groupId !== undefined) {
        const access = await groups.access(q.groupId, user);
        if (!access || !access.canSeeContent) throw notFound(CONVERSATION_RULES.groupNotFound);
        groupId = q.groupId;
      }
      const term = q.term.replace(/^@/, '');
      return { users: await repo.candidates(term, groupId, user.id, MENTION_CANDIDATES_MAX) };
    },
  };
}
