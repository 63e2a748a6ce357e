// The 'media' upload kind (spec section 5, DESIGN section 8): images .png .jpg .jpeg .jpe .bmp .gif
// and videos .mp4 .mov .m4v, 10 per batch, 512 MB each. The first bytes must match the extension's
// family; SVG, HTML and anything else are refused.
import type { FastifyInstance } from 'fastify';
import { registerUploadKind, storeAcceptedFile, type AcceptedFile, type UploadKind } from '../../uploads/registry.js';
import { imageTypeOf, isoMediaVideoType, looksLikeMarkup, type ImageType } from '../../uploads/sniff.js';
import { mimeOf } from '../../uploads/mime.js';
import type { SessionUser } from '../../plugins/session.js';
import { MAX_UPLOAD_BYTES, MEDIA_BATCH_LIMIT, MEDIA_IMAGE_EXTENSIONS, MEDIA_VIDEO_EXTENSIONS } from '../../../shared/limits.js';
import { ApprovalStatus, PrivacyLevel, ProcessingState } from '../../../shared/enums.js';
import { now } from '../../db/connection.js';
import { uuid } from '../../lib/crypto.js';
import { mediaRepository } from './repository.js';

export const MEDIA_EXTENSIONS = [...MEDIA_IMAGE_EXTENSIONS, ...MEDIA_VIDEO_EXTENSIONS] as const;

const IMAGE_FAMILY: Record<string, ImageType> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.jpe': 'jpeg', '.bmp': 'bmp', '.gif': 'gif' };

export const MARKUP_MESSAGE = 'SVG and HTML files cannot be uploaded as media';
export const mismatchMessage = (ext: string) => `This file is not a valid ${ext} file: its content does not match its extension`;

export function sniffMedia(head: Buffer, ext: string): string | null {
  if (looksLikeMarkup(head)) return MARKUP_MESSAGE;
  const family = IMAGE_FAMILY[ext];
  if (family) return imageTypeOf(head) === family ? null : mismatchMessage(ext);
  if ((MEDIA_VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return isoMediaVideoType(head) ? null : mismatchMessage(ext);
  return mismatchMessage(ext);
}

export const mediaUploadKind: UploadKind = {
  name: 'media',
  extensions: MEDIA_EXTENSIONS,
  maxBytes: MAX_UPLOAD_BYTES,
  maxFiles: MEDIA_BATCH_LIMIT,
  sniff: sniffMedia,
  async accept(app: FastifyInstance, user: SessionUser, file: AcceptedFile) {
    const id = uuid();
    const key = `media/${id}/original${file.ext}`;
    const size = await storeAcceptedFile(app.storage, key, file);
    const name = file.originalName.replace(/\.[^.]+$/, '').slice(0, 200) || 'Untitled';
    const repo = mediaRepository(app.db, app.dialect);
    const mediaId = await repo.insert({
      uuid_id: id,
      name,
      description: null,
      alt_text: null,
      captions_key: null,
      is_video: (MEDIA_VIDEO_EXTENSIONS as readonly string[]).includes(file.ext) ? 1 : 0,
      file_key: key,
      file_name: file.originalName,
      file_size: size,
      mime_type: mimeOf(file.ext),
      thumb_key: null,
      is_processed: ProcessingState.Pending,
      processing_error: null,
      approval_status: ApprovalStatus.Unapproved,
      rejection_reason: null,
      privacy_level: PrivacyLevel.Private,
      contributed_by: user.id,
      contributed_at: now(),
      num_downloads: 0,
      duration_in_seconds: 0,
      licence: await repo.defaultLicenceOf(user.id),
      public_confirmed_by: null,
      public_confirmed_at: null,
    });
    await app.jobs.enqueue('media.process', { mediaId });
    return { id: mediaId, uuid_id: id };
  },
};

registerUploadKind(mediaUploadKind);
