// POST /api/forumpost/CreatePost (or CreateGroupPost/{groupId} for a group) through the outbox: sent
// now when online, otherwise queued with its Idempotency-Key and replayed later without duplicates
// (DESIGN section 6).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue, type OutboxFormField } from '../../../offline/outbox';
import type { CreatePostResponse, PostType } from '../../../../shared/schemas/posts';
import { postsQueryKey } from './keys';

export interface NewPost {
  title: string;
  text: string;
  type: PostType;
  tags: number[];
  scenarios: number[];
  media: number[];
  scenariosToUpload: File[];
  mediaToUpload: File[];
}

export const POST_OUTBOX_KIND = 'post';
export const GROUP_POST_OUTBOX_KIND = 'group-post';

/** Where a post goes: the feed (no target) or a forum group. */
export interface PostTarget {
  groupId: number;
  groupName: string;
}

export function postFormFields(p: NewPost): OutboxFormField[] {
  const fields: OutboxFormField[] = [
    { name: 'title', value: p.title.trim() },
    { name: 'text', value: p.text },
    { name: 'type', value: p.type },
  ];
  if (p.tags.length) fields.push({ name: 'tags', value: p.tags.join(',') });
  if (p.scenarios.length) fields.push({ name: 'scenarios', value: p.scenarios.join(',') });
  if (p.media.length) fields.push({ name: 'media', value: p.media.join(',') });
  for (const f of p.scenariosToUpload) fields.push({ name: 'scenariosToUpload', file: f, fileName: f.name });
  for (const f of p.mediaToUpload) fields.push({ name: 'mediaToUpload', file: f, fileName: f.name });
  return fields;
}

export type CreatePostResult = { status: 'sent'; post: CreatePostResponse } | { status: 'queued'; id: string };

export async function createPost(p: NewPost, target?: PostTarget): Promise<CreatePostResult> {
  const title = p.title.trim();
  const result = await sendOrQueue(
    target ? GROUP_POST_OUTBOX_KIND : POST_OUTBOX_KIND,
    target ? `Post "${title}" in ${target.groupName}` : `Post "${title}"`,
    { method: 'POST', url: target ? `/api/forumpost/CreateGroupPost/${target.groupId}` : '/api/forumpost/CreatePost', form: postFormFields(p) },
    { title, text: p.text, ...(target ? { groupId: target.groupId } : {}) },
  );
  return result.status === 'sent' ? { status: 'sent', post: result.response as CreatePostResponse } : result;
}

export function useCreatePost(target?: PostTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: NewPost) => createPost(p, target),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: postsQueryKey });
      // A group's pending-post count changes too.
      if (target) await qc.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}
