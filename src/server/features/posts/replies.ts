// Replies as a reader sees them, shared by the replies feature and posts (whose cards show the
// reply count and the newest replies): presenting rows, and the summaries of many posts.
import type { DB } from '../../db/connection.js';
import { hasRole, PostStatus, Role } from '../../../shared/enums.js';
import { REPLY_MESSAGES, type Reply } from '../../../shared/schemas/replies.js';
import type { GroupAccess, GroupsPort, GroupViewer } from '../../lib/ports.js';
import { notFound } from '../../lib/http-error.js';
import { repliesRepository, type ReplyRow, type RepliesRepository } from './replies-repository.js';

/** The post card shows this many of the newest replies. */
export const LATEST_ON_CARD = 2;
const EXCERPT = 140;

export const postLink = (postId: number, replyId?: number) => (replyId ? `/post/${postId}#reply-${replyId}` : `/post/${postId}`);

const userRef = (u: { id: number; uuid_id: string; first_name: string; last_name: string } | undefined, id: number) =>
  u ? { id: u.id, uuid_id: u.uuid_id, first_name: u.first_name, last_name: u.last_name } : { id, uuid_id: '', first_name: 'Unknown', last_name: 'user' };
export { userRef };

export type ReplyPostRow = { id: number; title: string; creator_id: number; group_id: number | null; status: number; deleted_at: string | null };

/**
 * A post whose replies the reader may see: live, approved, and in the feed or a group whose content
 * they see (the groups port). 404 otherwise.
 */
export async function readablePost(db: DB, groups: Pick<GroupsPort, 'access'>, user: GroupViewer, postId: number): Promise<{ post: ReplyPostRow; access: GroupAccess | null }> {
  const post = await db.selectFrom('posts').select(['id', 'title', 'creator_id', 'group_id', 'status', 'deleted_at']).where('id', '=', postId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!post || post.status !== PostStatus.Approved) throw notFound(REPLY_MESSAGES.postNotFound);
  if (post.group_id === null) return { post, access: null };
  const access = await groups.access(post.group_id, user);
  if (!access || !access.canSeeContent) throw notFound(REPLY_MESSAGES.postNotFound);
  return { post, access };
}

/** Replies as the reader sees them, with what each quotes. `canModerate(groupId)` says whether the reader may remove them. */
export async function presentReplies(repo: RepliesRepository, rows: ReplyRow[], viewer: { id: number }, canModerate: (groupId: number | null) => boolean, groupOf: (postId: number) => number | null): Promise<Reply[]> {
  const quoteIds = [...new Set(rows.flatMap((r) => (r.reply_to_id === null ? [] : [r.reply_to_id])))];
  const quotes = new Map((await repo.byIds(quoteIds)).map((q) => [q.id, q]));
  const ids = rows.map((r) => r.id);
  const [userRows, helpfulMine, mentions] = await Promise.all([
    repo.users([...rows.map((r) => r.creator_id), ...[...quotes.values()].map((q) => q.creator_id)]),
    repo.conversation.reactedBy('reply', ids, viewer.id),
    repo.conversation.mentionsOf(ids.map((id) => `reply:${id}`)),
  ]);
  const users = new Map(userRows.map((u) => [u.id, u]));
  return rows.map((r) => {
    const q = r.reply_to_id === null ? undefined : quotes.get(r.reply_to_id);
    return {
      id: r.id,
      post_id: r.post_id,
      text: r.text,
      creator: userRef(users.get(r.creator_id), r.creator_id),
      created_at: r.created_at,
      edited_at: r.edited_at,
      reply_to:
        r.reply_to_id === null
          ? null
          : q && q.deleted_at === null
            ? { id: q.id, deleted: false, excerpt: q.text.length > EXCERPT ? `${q.text.slice(0, EXCERPT - 1)}…` : q.text, creator: userRef(users.get(q.creator_id), q.creator_id) }
            : { id: r.reply_to_id, deleted: true, excerpt: '', creator: null },
      is_mine: r.creator_id === viewer.id,
      can_delete: r.creator_id === viewer.id || canModerate(groupOf(r.post_id)),
      helpful_count: r.helpful_count,
      helpful_mine: helpfulMine.has(r.id),
      mentions: mentions.get(`reply:${r.id}`) ?? [],
    };
  });
}


/**
 * Reply counts and the newest replies of posts the reader already sees (the post card): the posts
 * feature asks for them when it presents posts.
 */
export async function replySummaries(db: DB, viewer: { id: number; role: number }, posts: { id: number; group_id: number | null }[]) {
  const repo = repliesRepository(db);
  const ids = posts.map((p) => p.id);
  if (!ids.length) return new Map<number, { reply_count: number; latest_replies: Reply[] }>();
  const { rows: latest, counts } = await repo.latest(ids, LATEST_ON_CARD);
  const groupOf = new Map(posts.map((p) => [p.id, p.group_id]));
  const isAdmin = hasRole(viewer.role, Role.Admin);
  // Which groups the reader moderates matters only for replies shown in a group, to one not an admin.
  const inGroups = latest.some((r) => groupOf.get(r.post_id) != null);
  const moderated = inGroups && !isAdmin ? await repo.moderatedGroupIds(viewer.id) : new Set<number>();
  const presented = await presentReplies(repo, latest, viewer, (g) => isAdmin || (g !== null && moderated.has(g)), (id) => groupOf.get(id) ?? null);
  return new Map(ids.map((id) => [id, { reply_count: counts.get(id) ?? 0, latest_replies: presented.filter((r) => r.post_id === id) }]));
}
