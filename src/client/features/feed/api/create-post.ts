// POST /api/forumpost/CreatePost through the outbox: sent now when online, otherwise queued with its
// Idempotency-Key and replayed later without duplicates (DESIGN section 6).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue, type OutboxFormField } from '../../../offline/outbox';
import type { CreatePostResponse, PostType } from '../../../../shared/schemas/posts';
import { postsQueryKey } from './get-posts';

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

export async function createPost(p: NewPost): Promise<CreatePostResult> {
  const result = await sendOrQueue(
    POST_OUTBOX_KIND,
    `Post "${p.title.trim()}"`,
    { method: 'POST', url: '/api/forumpost/CreatePost', form: postFormFields(p) },
    { title: p.title.trim(), text: p.text },
  );
  return result.status === 'sent' ? { status: 'sent', post: result.response as CreatePostResponse } : result;
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => qc.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
