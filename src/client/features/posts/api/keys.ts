// Every post list (the feed, a group's posts and pending posts) lives under this key, so writing or
// deleting a post refreshes them all.
export const postsQueryKey = ['posts'] as const;
