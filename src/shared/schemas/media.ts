// Media validation rules (spec section 5): name and description at most 200 characters each;
// a decline reason is one of the listed reasons, and 'Other' needs non-blank text of at most 250.
import * as v from 'valibot';
import { TEXT_LIMITS } from '../limits';

export const DECLINE_REASONS = ['Contains identifying information', 'Inappropriate', 'Wrong tags', 'Missing tags', 'Other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const MEDIA_NAME_MESSAGE = `Name must be ${TEXT_LIMITS.mediaName} characters or fewer`;
export const MEDIA_DESCRIPTION_MESSAGE = `Description must be ${TEXT_LIMITS.mediaDescription} characters or fewer`;
export const OTHER_REASON_REQUIRED = 'Please enter a reason';
export const OTHER_REASON_TOO_LONG = `The reason must be ${TEXT_LIMITS.declineReason} characters or fewer`;

/** The Edit Media form. */
export const mediaFormSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required'), v.maxLength(TEXT_LIMITS.mediaName, MEDIA_NAME_MESSAGE)),
  description: v.pipe(v.string(), v.trim(), v.maxLength(TEXT_LIMITS.mediaDescription, MEDIA_DESCRIPTION_MESSAGE)),
  tags: v.array(v.number()),
});
export type MediaForm = v.InferInput<typeof mediaFormSchema>;

/** PATCH /api/media/Edit/{id}: every field optional, so a privacy toggle can send privacy_level alone. */
export const mediaEditSchema = v.object({
  name: v.optional(v.pipe(v.string('Name must be text'), v.trim(), v.nonEmpty('Name is required'), v.maxLength(TEXT_LIMITS.mediaName, MEDIA_NAME_MESSAGE))),
  description: v.optional(
    v.nullable(v.pipe(v.string('Description must be text'), v.trim(), v.maxLength(TEXT_LIMITS.mediaDescription, MEDIA_DESCRIPTION_MESSAGE))),
  ),
  tags: v.optional(
    v.pipe(
      v.array(v.union([v.number(), v.object({ id: v.number() })], 'Tags must be tag ids'), 'Tags must be a list'),
      v.transform((list) => [...new Set(list.map((t) => (typeof t === 'number' ? t : t.id)))]),
    ),
  ),
  privacy_level: v.optional(v.picklist([0, 2], 'Privacy must be 0 (private) or 2 (public)')),
});
export type MediaEditInput = v.InferInput<typeof mediaEditSchema>;

/** POST /api/media/AdminRejectMedia/{id} */
export const rejectMediaSchema = v.pipe(
  v.object({
    // A missing reason gets the same message as a wrong one.
    reason: v.pipe(v.optional(v.string(), ''), v.picklist(DECLINE_REASONS, `The reason must be one of: ${DECLINE_REASONS.join(', ')}`)),
    otherReason: v.optional(v.nullable(v.string('The reason must be text'))),
  }),
  v.check((i) => i.reason !== 'Other' || Boolean(i.otherReason && i.otherReason.trim()), OTHER_REASON_REQUIRED),
  v.check((i) => i.reason !== 'Other' || (i.otherReason ?? '').trim().length <= TEXT_LIMITS.declineReason, OTHER_REASON_TOO_LONG),
);
export type RejectMediaInput = v.InferInput<typeof rejectMediaSchema>;

/** The text stored as rejection_reason and shown to the owner. */
export function rejectionText(input: { reason: DeclineReason; otherReason?: string | null }): string {
  return input.reason === 'Other' ? (input.otherReason ?? '').trim() : input.reason;
}

/** Media type filter of the library (spec section 3): -1 all, 0 image, 1 video. */
export const MediaTypeFilter = { All: -1, Image: 0, Video: 1 } as const;

/** A media item as the API answers it (spec section 3). */
export interface MediaItem {
  id: number;
  uuid_id: string;
  name: string;
  description: string | null;
  is_video: boolean;
  file_name: string;
  file_size: number;
  mime_type: string;
  is_processed: boolean;
  processing_error: string | null;
  /** 0 unapproved, 1 rejected, 2 approved */
  approval_status: number;
  rejection_reason: string | null;
  /** 0 private, 2 public */
  privacy_level: number;
  is_publishable: boolean;
  num_downloads: number;
  contributed_by: { id: number; uuid_id: string; first_name: string; last_name: string };
  contributed_at: string;
  duration_in_seconds: number;
  tags: { id: number; title: string }[];
  is_favourited_by_current_user: boolean;
  signed_thumb_url: string | null;
  signed_full_url: string | null;
}

export interface MediaPage {
  total: number;
  media: MediaItem[];
  from: number;
  to: number;
}
