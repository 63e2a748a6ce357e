// Media validation rules (spec section 5): name and description at most 200 characters each;
// a decline reason is one of the listed reasons, and 'Other' needs non-blank text of at most 250.
import * as v from 'valibot';
import { TEXT_LIMITS } from '../limits.js';
import { licenceSchema, publicConfirmationSchema } from './exchange.js';
import { MAX_PAGE_COUNT, NOT_FOUND_MESSAGE, bodyIdSchema, idListParam, idOrUuidParam, intString, offsetParam, tagSchema, userRefSchema } from './common.js';

export const DECLINE_REASONS = ['Contains identifying information', 'Inappropriate', 'Wrong tags', 'Missing tags', 'Other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const MEDIA_NAME_MESSAGE = `Name must be ${TEXT_LIMITS.mediaName} characters or fewer`;
export const MEDIA_DESCRIPTION_MESSAGE = `Description must be ${TEXT_LIMITS.mediaDescription} characters or fewer`;
export const MEDIA_ALT_TEXT_MAX = 250;
export const MEDIA_ALT_TEXT_MESSAGE = `Alt text must be ${MEDIA_ALT_TEXT_MAX} characters or fewer`;
/** An image is made public only with a text alternative. */
export const MEDIA_ALT_TEXT_REQUIRED_MESSAGE = 'Add alt text before making this image public: describe what it shows for people who cannot see it';
/** Caption files: WebVTT text, at most 512 KB. */
export const CAPTIONS_MAX_CHARS = 512 * 1024;
export const CAPTIONS_NOT_WEBVTT_MESSAGE = 'The caption file must be a WebVTT file (.vtt) starting with WEBVTT';
export const CAPTIONS_TOO_LARGE_MESSAGE = 'The caption file must be 512 KB or smaller';
export const CAPTIONS_VIDEO_ONLY_MESSAGE = 'Only videos take captions';
/** PUT /api/media/Captions/{id}: the caption file's text. */
export const captionsBodySchema = v.object({
  vtt: v.pipe(
    v.string('The caption file must be text'),
    v.maxLength(CAPTIONS_MAX_CHARS, CAPTIONS_TOO_LARGE_MESSAGE),
    // A WebVTT file starts with WEBVTT (after an optional byte order mark), then a space, tab or line end.
    v.regex(/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/, CAPTIONS_NOT_WEBVTT_MESSAGE),
  ),
});
export const OTHER_REASON_REQUIRED = 'Please enter a reason';
export const TAG_REF_MESSAGE = 'Tags must be tag ids';
export const OTHER_REASON_TOO_LONG = `The reason must be ${TEXT_LIMITS.declineReason} characters or fewer`;

/** The Edit Media form. */
export const mediaFormSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required'), v.maxLength(TEXT_LIMITS.mediaName, MEDIA_NAME_MESSAGE)),
  description: v.pipe(v.string(), v.trim(), v.maxLength(TEXT_LIMITS.mediaDescription, MEDIA_DESCRIPTION_MESSAGE)),
  alt_text: v.pipe(v.string(), v.trim(), v.maxLength(MEDIA_ALT_TEXT_MAX, MEDIA_ALT_TEXT_MESSAGE)),
  tags: v.array(v.number()),
});
export type MediaForm = v.InferInput<typeof mediaFormSchema>;

/** PATCH /api/media/Edit/{id}: every field optional, so a privacy toggle can send privacy_level alone. */
export const mediaEditSchema = v.object({
  name: v.optional(v.pipe(v.string('Name must be text'), v.trim(), v.nonEmpty('Name is required'), v.maxLength(TEXT_LIMITS.mediaName, MEDIA_NAME_MESSAGE))),
  description: v.optional(
    v.nullable(v.pipe(v.string('Description must be text'), v.trim(), v.maxLength(TEXT_LIMITS.mediaDescription, MEDIA_DESCRIPTION_MESSAGE))),
  ),
  /** What the image shows, for people who cannot see it (empty or null: none). */
  alt_text: v.optional(v.nullable(v.pipe(v.string('Alt text must be text'), v.trim(), v.maxLength(MEDIA_ALT_TEXT_MAX, MEDIA_ALT_TEXT_MESSAGE)))),
  tags: v.optional(
    v.pipe(
      v.array(v.union([bodyIdSchema(TAG_REF_MESSAGE), v.object({ id: bodyIdSchema(TAG_REF_MESSAGE) })], TAG_REF_MESSAGE), 'Tags must be a list'),
      v.transform((list) => [...new Set(list.map((t) => (typeof t === 'number' ? t : t.id)))]),
    ),
  ),
  privacy_level: v.optional(v.picklist([0, 2], 'Privacy must be 0 (private) or 2 (public)')),
  /** shared/licences.ts */
  licence: v.optional(licenceSchema),
  /** Making it public needs this once: no real patient can be identified, and the owner holds the rights. */
  confirm_deidentified: v.optional(v.boolean('The confirmation must be true or false')),
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
export const mediaItemSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  /** The image's text alternative; null when none was given. */
  alt_text: v.nullable(v.string()),
  is_video: v.boolean(),
  file_name: v.string(),
  file_size: v.number(),
  mime_type: v.string(),
  is_processed: v.boolean(),
  processing_error: v.nullable(v.string()),
  /** 0 unapproved, 1 rejected, 2 approved */
  approval_status: v.number(),
  /** For the owner and admins only. */
  rejection_reason: v.nullable(v.string()),
  /** 0 private, 2 public */
  privacy_level: v.number(),
  is_publishable: v.boolean(),
  num_downloads: v.number(),
  contributed_by: userRefSchema,
  contributed_at: v.string(),
  duration_in_seconds: v.number(),
  tags: v.array(tagSchema),
  is_favourited_by_current_user: v.boolean(),
  signed_thumb_url: v.nullable(v.string()),
  signed_full_url: v.nullable(v.string()),
  /** A video's WebVTT captions, played as its captions track; null when it has none. */
  signed_captions_url: v.nullable(v.string()),
  /** shared/licences.ts */
  licence: v.string(),
  /** For the owner and admins (media review): who confirmed de-identification when making it public, and when. */
  public_confirmation: v.nullable(publicConfirmationSchema),
});
export type MediaItem = v.InferOutput<typeof mediaItemSchema>;

/** An image's text alternative: its alt text when the contributor gave one, else its name. */
export const mediaAlt = (media: Pick<MediaItem, 'alt_text' | 'name'>) => media.alt_text || media.name;

/** A page of a list: total matches, the page, and the 1-based positions shown (0/offset when empty). */
export const mediaPageSchema = v.object({ total: v.number(), media: v.array(mediaItemSchema), from: v.number(), to: v.number() });
export type MediaPage = v.InferOutput<typeof mediaPageSchema>;

/** Favourites and the review queue: every item at once. */
export const mediaListSchema = v.object({ total: v.number(), media: v.array(mediaItemSchema) });
export type MediaList = v.InferOutput<typeof mediaListSchema>;

/** POST /api/media/favourite/{id} */
export const mediaFavouriteSchema = v.object({ favourited: v.boolean() });
export type MediaFavourite = v.InferOutput<typeof mediaFavouriteSchema>;

/** PATCH /api/media/Edit/{id}: the privacy level now in force and the item. */
export const mediaEditAnswerSchema = v.object({ newLevel: v.number(), media: mediaItemSchema });
export type MediaEditAnswer = v.InferOutput<typeof mediaEditAnswerSchema>;

/** POST /api/media/Delete/{id} */
export const mediaDeleteAnswerSchema = v.object({ deleted: v.boolean(), message: v.string() });
export type MediaDeleteAnswer = v.InferOutput<typeof mediaDeleteAnswerSchema>;

/** POST /api/media/AdminApproveMedia/{id} */
export const approveAnswerSchema = v.object({ approval_status: v.number(), message: v.string() });
export type ApproveAnswer = v.InferOutput<typeof approveAnswerSchema>;

/** POST /api/media/AdminRejectMedia/{id} */
export const rejectAnswerSchema = v.object({ approval_status: v.number(), rejection_reason: v.string(), message: v.string() });
export type RejectAnswer = v.InferOutput<typeof rejectAnswerSchema>;

/** A count in a media list's path: a whole number of at least 1; above a page it answers one page. */
const mediaCountParam = v.pipe(intString('Count', 1), v.transform((n) => Math.min(n, MAX_PAGE_COUNT)));

export const mediaPageParamsSchema = v.object({ offset: offsetParam, count: mediaCountParam });

/** GET /api/media/{offset}/{count}/{a}/{tags}?search= */
export const mediaLibraryParamsSchema = v.object({
  offset: offsetParam,
  count: mediaCountParam,
  a: v.pipe(
    v.picklist(['-1', '0', '1'], 'The media type filter must be -1 (all), 0 (image) or 1 (video)'),
    v.transform(Number),
  ),
  tags: idListParam,
});
export const mediaLibraryQuerySchema = v.object({
  /** Normalised as spec section 5; -1 or empty for none. */
  search: v.optional(v.pipe(v.string('Search must be text'), v.maxLength(500, 'Search text is too long')), ''),
});

/** GET /api/media/UserMedia{userId}/{offset}/{count}: the user (id or uuid) is glued to the word. */
export const userMediaParamsSchema = v.object({
  userMedia: v.pipe(
    v.string(NOT_FOUND_MESSAGE),
    v.regex(/^UserMedia./, NOT_FOUND_MESSAGE),
    v.transform((s) => s.slice('UserMedia'.length)),
    idOrUuidParam,
  ),
  offset: offsetParam,
  count: mediaCountParam,
});
