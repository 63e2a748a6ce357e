// POST /api/forumpost/CreatePost (or CreateGroupPost/{groupId} for a group) through the outbox: sent
// now when online, otherwise queued with its Idempotency-Key and replayed later without duplicates
// (DESIGN section 6). Files go ahead through the resumable upload from a copy kept on the device, and
// the post names the finished uploads, so a retry never sends a file again. The caller
// never waits on the feed's refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue, type OutboxFile, type OutboxFormField, type OutboxItem, type QueuedReason } from '../../../offline/outbox';
import type { CreatePostResponse, PostType, UploadErrorRow } from '../../../../shared/schemas/posts';
import { postsQueryKey } from './keys';
import { pathOf } from '../../../../shared/endpoint';
import { createGroupPost, createPost as createPostEndpoint } from '../../../../shared/endpoints/posts';

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

/**
 * How long the Post button waits for the server before the modal closes anyway: the post is kept
 * on the device and goes on in the background (a slow link once held it for 34 s).
 */
export const POST_WAIT_MS = 8_000;

export function postFormFields(p: NewPost): OutboxFormField[] {
  const fields: OutboxFormField[] = [
    { name: 'title', value: p.title.trim() },
    { name: 'text', value: p.text },
    { name: 'type', value: p.type },
  ];
  if (p.tags.length) fields.push({ name: 'tags', value: p.tags.join(',') });
  if (p.scenarios.length) fields.push({ name: 'scenarios', value: p.scenarios.join(',') });
  if (p.media.length) fields.push({ name: 'media', value: p.media.join(',') });
  return fields;
}

export function postFiles(p: NewPost): OutboxFile[] {
  return [
    ...p.scenariosToUpload.map((file) => ({ uploadKind: 'scenario' as const, file, fileName: file.name })),
    ...p.mediaToUpload.map((file) => ({ uploadKind: 'media' as const, file, fileName: file.name })),
  ];
}

/** Files the server refused while they were uploaded ahead of the post, as the post's errors. */
export function refusedFiles(item: Pick<OutboxItem, 'attachments'>): UploadErrorRow[] {
  return (item.attachments ?? []).filter((a) => a.refused).map((a) => ({ filename: a.fileName, message: a.refused! }));
}

export type CreatePostResult =
  | { status: 'sent'; post: CreatePostResponse }
  /** 'offline': sent when the network is back; 'slow': on its way; 'retry': the server was busy. */
  | { status: 'queued'; id: string; reason: QueuedReason };

export async function createPost(p: NewPost, target?: PostTarget): Promise<CreatePostResult> {
  const title = p.title.trim();
  // Multipart fields (the wrapper's form, without files): the upload references are added when sent.
  const result = await sendOrQueue(
    target ? GROUP_POST_OUTBOX_KIND : POST_OUTBOX_KIND,
    target ? `Post "${title}" in ${target.groupName}` : `Post "${title}"`,
    { method: 'POST', url: target ? pathOf(createGroupPost, { groupId: target.groupId }) : pathOf(createPostEndpoint), form: postFormFields(p) },
    { meta: { title, text: p.text, ...(target ? { groupId: target.groupId } : {}) }, files: postFiles(p), waitMs: POST_WAIT_MS },
  );
  if (result.status !== 'sent') return result;
  const post = result.response as CreatePostResponse;
  return { status: 'sent', post: { ...post, errors: [...refusedFiles(result.item), ...(post.errors ?? [])] } };
}

export function useCreatePost(target?: PostTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: NewPost) => createPost(p, target),
    // Not awaited: the modal closes as soon as the post is accepted or queued.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: postsQueryKey });
      // A group's pending-post count changes too.
      if (target) void qc.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}
