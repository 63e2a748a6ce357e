// Query keys of the groups feature. Group data sits under ['groups'] (with the shared 'mygroups'
// list of lib/my-groups.ts); a group's posts sit under ['posts'] so writing any post refreshes them.
// Every group action reloads both (lists reload after each action).
import type { QueryClient } from '@tanstack/react-query';
import { postsQueryKey } from '../../posts/api/keys';

// Group queries use staleTime 0: other members post and moderators decide, so each visit fetches again.
export const groupKeys = {
  all: ['groups'] as const,
  detail: (id: number) => ['groups', 'detail', id] as const,
  withStatus: ['groups', 'with-status'] as const,
  joinRequests: (id: number) => ['groups', 'join-requests', id] as const,
  log: (id: number) => ['groups', 'log', id] as const,
};

export const groupPostKeys = {
  approved: (id: number) => [...postsQueryKey, 'group', id, 'approved'] as const,
  minePending: (id: number) => [...postsQueryKey, 'group', id, 'mine-pending'] as const,
  requests: (id: number) => [...postsQueryKey, 'group', id, 'requests'] as const,
};

export async function reloadGroups(qc: QueryClient): Promise<void> {
  await Promise.all([qc.invalidateQueries({ queryKey: groupKeys.all }), qc.invalidateQueries({ queryKey: postsQueryKey })]);
}
