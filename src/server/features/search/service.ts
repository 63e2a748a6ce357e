// Site search (spec section 7 'Search'): users for admins only, posts the caller may see,
// every group. Each result carries a highlighted snippet built from the same words the query used.
import { Role, hasRole } from '../../../shared/enums.js';
import type { SearchGroups, SearchPostDetail, SearchPosts, SearchUsers } from '../../../shared/schemas/search.js';
import { highlight, searchWords, snippet } from '../../../shared/search.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { PostHit, SearchRepository } from './repository.js';

export const USERS_SEARCH_FORBIDDEN = 'Only administrators can search users';
export const POST_NOT_FOUND = 'Post not found';

interface Paging {
  offset: number;
  limit: number;
  term: string;
}

const creatorOf = (r: PostHit) => ({ id: r.creator_id, uuid_id: r.creator_uuid_id, first_name: r.creator_first_name, last_name: r.creator_last_name });
const groupOf = (r: PostHit) => (r.group_id !== null && r.group_name !== null ? { id: r.group_id, name: r.group_name } : null);

export function searchService(repo: SearchRepository) {
  return {
    async users(user: SessionUser, p: Paging): Promise<SearchUsers> {
      if (!hasRole(user.role, Role.Admin)) throw forbidden(USERS_SEARCH_FORBIDDEN);
      const words = searchWords(p.term);
      // Answers are cached until a row they show changes (lib/list-cache.ts); access is checked first.
      return repo.cachedPage(`search users ${p.offset} ${p.limit} ${words.join(' ')}`, ['users'], async () => {
        const { count, rows } = await repo.users(words, p);
        return {
          users: rows.map((u) => ({
            id: u.id,
            uuid_id: u.uuid_id,
            first_name: u.first_name,
            last_name: u.last_name,
            username: u.username,
            email: u.email,
            enabled: Boolean(u.enabled),
            snippet: highlight(`${u.first_name} ${u.last_name} (${u.username}) ${u.email}`, words),
          })),
          count,
          from: p.offset,
          to: p.offset + rows.length,
        };
      });
    },

    async posts(user: SessionUser, p: Paging): Promise<SearchPosts> {
      const words = searchWords(p.term);
      // The reader's answer: what they may see depends on their groups.
      return repo.cachedPage(`search posts ${user.id} ${p.offset} ${p.limit} ${words.join(' ')}`, ['posts', 'group_members', 'users', 'forum_groups'], async () => {
        const { count, rows } = await repo.posts(user.id, words, p);
        return {
          posts: rows.map((r) => ({
            id: r.id,
            title: r.title,
            snippet: snippet(r.text, words),
            creator: creatorOf(r),
            group: groupOf(r),
            created_at: r.created_at,
          })),
          count,
          from: p.offset,
          to: p.offset + rows.length,
        };
      });
    },

    async groups(p: Paging): Promise<SearchGroups> {
      const words = searchWords(p.term);
      return repo.cachedPage(`search groups ${p.offset} ${p.limit} ${words.join(' ')}`, ['forum_groups'], async () => {
        const { count, rows } = await repo.groups(words, p);
        return {
          groups: rows.map((g) => ({ id: g.id, name: g.name, snippet: snippet(g.description, words), isInviteOnly: g.membership_type === 1 })),
          count,
          from: p.offset,
          to: p.offset + rows.length,
        };
      });
    },

    /** A post a result links to; 404 when it is missing or the caller may not see it. */
    async post(user: SessionUser, id: number): Promise<SearchPostDetail> {
      const r = await repo.post(user.id, id);
      if (!r) throw notFound(POST_NOT_FOUND);
      return { id: r.id, title: r.title, text: r.text, creator: creatorOf(r), group: groupOf(r), created_at: r.created_at, tags: r.tags };
    },
  };
}
