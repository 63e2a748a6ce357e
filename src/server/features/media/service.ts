// Media rules (spec sections 2-5): access checks first, then the rule, then the response shape.
// Visibility: the owner always sees their own media; admins see everything (they review it);
// anyone else only approved, public media — otherwise 404, never 403 (DESIGN section 5).
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApprovalStatus, PrivacyLevel, hasRole, Role, ProcessingState } from '../../../shared/enums.js';
import { normaliseMediaSearch } from '../../../shared/format.js';
import type { DownloadLink } from '../../../shared/schemas/common.js';
import {
  CAPTIONS_VIDEO_ONLY_MESSAGE,
  MEDIA_ALT_TEXT_REQUIRED_MESSAGE,
  rejectionText,
  type ApproveAnswer,
  type MediaDeleteAnswer,
  type MediaEditAnswer,
  type MediaFavourite,
  type MediaItem,
  type MediaList,
  type MediaPage,
  type RejectAnswer,
  type mediaEditSchema,
  type rejectMediaSchema,
} from '../../../shared/schemas/media.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import { notifyUser, type NewNotification } from '../../lib/notifications.js';
import type { SessionUser } from '../../plugins/session.js';
import { signFileUrl } from '../../storage/signed-url.js';
import type { Storage } from '../../storage/storage.js';
import { DEIDENTIFY_REQUIRED_MESSAGE, licenceOf } from '../../../shared/licences.js';
import { mediaRepository, type MediaRepository, type MediaWithOwner } from './repository.js';

type MediaEditBody = v.InferOutput<typeof mediaEditSchema>;
type RejectBody = v.InferOutput<typeof rejectMediaSchema>;

/** What the media rules use: their queries, file storage, the URL-signing secret and notifications. */
export interface MediaPorts {
  repo: MediaRepository;
  storage: Pick<Storage, 'delete' | 'put'>;
  /** Signs file URLs (storage/signed-url.ts). */
  secret: string;
  notify: (userId: number, n: NewNotification) => Promise<void>;
}

export const mediaPortsOf = (app: FastifyInstance): MediaPorts => ({
  repo: mediaRepository(app.db, app.dialect),
  storage: app.storage,
  secret: app.config.sessionSecret,
  notify: (userId, n) => notifyUser(app.db, userId, n),
});

/** A path names an item or a user by numeric id or by uuid_id (the schemas keep ids within range). */
const refOf = (idOrUuid: string): number | string => (/^\d+$/.test(idOrUuid) ? Number(idOrUuid) : idOrUuid);

/** Signed URLs that stay the same for the rest of the hour (so browsers and the service worker can cache them) and live at least an hour. */
function hourAligned(): number {
  const nowS = Math.floor(Date.now() / 1000);
  return 7200 - (nowS % 3600);
}

export function mediaService({ repo, storage, secret, notify }: MediaPorts) {
  const isAdmin = (u: SessionUser) => hasRole(u.role, Role.Admin);
  const canSee = (u: SessionUser, m: MediaWithOwner) =>
    m.contributed_by === u.id || isAdmin(u) || (m.approval_status === ApprovalStatus.Approved && m.privacy_level === PrivacyLevel.Public && m.is_processed === ProcessingState.Processed);

  async function present(user: SessionUser, rows: MediaWithOwner[]): Promise<MediaItem[]> {
    const ids = rows.map((r) => r.id);
    const [tags, favs] = await Promise.all([repo.tagsFor(ids), repo.favouriteIds(user.id, ids)]);
    const expiresInSeconds = hourAligned();
    return rows.map((m) => ({
      id: m.id,
      uuid_id: m.uuid_id,
      name: m.name,
      description: m.description,
      alt_text: m.alt_text,
      is_video: Boolean(m.is_video),
      file_name: m.file_name,
      file_size: Number(m.file_size),
      mime_type: m.mime_type,
      is_processed: Boolean(m.is_processed),
      processing_error: m.processing_error,
      approval_status: m.approval_status,
      // The reason is for the owner (and admins); others never see rejected media anyway.
      rejection_reason: m.contributed_by === user.id || isAdmin(user) ? m.rejection_reason : null,
      privacy_level: m.privacy_level,
      is_publishable: Boolean(m.is_processed) && m.approval_status === ApprovalStatus.Approved,
      num_downloads: Number(m.num_downloads),
      contributed_by: { id: m.contributed_by, uuid_id: m.owner_uuid, first_name: m.owner_first_name, last_name: m.owner_last_name },
      contributed_at: m.contributed_at,
      duration_in_seconds: Number(m.duration_in_seconds),
      tags: tags.get(m.id) ?? [],
      is_favourited_by_current_user: favs.has(m.id),
      signed_thumb_url: m.thumb_key ? signFileUrl(secret, m.thumb_key, { disposition: 'inline', fileName: 'thumb.webp', expiresInSeconds }) : null,
      signed_full_url: m.is_processed ? signFileUrl(secret, m.file_key, { disposition: 'inline', fileName: m.file_name, expiresInSeconds }) : null,
      signed_captions_url: m.captions_key ? signFileUrl(secret, m.captions_key, { disposition: 'inline', fileName: 'captions.vtt', expiresInSeconds }) : null,
      licence: licenceOf(m.licence).id,
      public_confirmation: (m.contributed_by === user.id || isAdmin(user)) && m.public_confirmed_at
        ? { confirmed_by: [m.confirmer_first_name, m.confirmer_last_name].filter(Boolean).join(' '), confirmed_at: m.public_confirmed_at }
        : null,
    }));
  }

  /** Numeric id or uuid; 404 when missing or not visible to `user`. */
  async function find(user: SessionUser, idOrUuid: string): Promise<MediaWithOwner> {
    const ref = refOf(idOrUuid);
    const m = typeof ref === 'number' ? await repo.byId(ref) : await repo.byUuid(ref);
    if (!m || !canSee(user, m)) throw notFound('Media not found');
    return m;
  }

  async function findOwn(user: SessionUser, idOrUuid: string): Promise<MediaWithOwner> {
    const m = await find(user, idOrUuid);
    if (m.contributed_by !== user.id) {
      // An admin sees it but may not change it; for anyone else it does not exist.
      if (isAdmin(user)) throw forbidden('Only the contributor can change this media');
      throw notFound('Media not found');
    }
    return m;
  }

  /** Reviewing is for admins: checked here as well as on the route. */
  function requireAdmin(user: SessionUser) {
    if (!isAdmin(user)) throw forbidden('You do not have permission to do that');
  }

  async function userIdFrom(ref: string): Promise<number> {
    const id = await repo.enabledUserId(refOf(ref));
    if (id === undefined) throw notFound('User not found');
    return id;
  }

  const page = (offset: number, total: number, media: MediaItem[]): MediaPage => ({
    total,
    media,
    from: media.length ? offset + 1 : 0,
    to: offset + media.length,
  });

  return {
    present,
    find,

    async library(user: SessionUser, offset: number, count: number, type: number, tagIds: number[], search: string): Promise<MediaPage> {
      const normalised = normaliseMediaSearch(search === '-1' ? '' : search);
      const words = normalised === '-1' ? [] : normalised.split(',');
      const { rows, total } = await repo.library({ type, tagIds, words }, offset, count);
      return page(offset, total, await present(user, rows));
    },

    async userMedia(user: SessionUser, userRef: string, offset: number, count: number): Promise<MediaPage> {
      const ownerId = await userIdFrom(userRef);
      const { rows, total } = ownerId === user.id ? await repo.mine(user.id, offset, count) : await repo.userPublic(ownerId, offset, count);
      return page(offset, total, await present(user, rows));
    },

    async item(user: SessionUser, idOrUuid: string): Promise<MediaItem> {
      const [m] = await present(user, [await find(user, idOrUuid)]);
      return m;
    },

    async mine(user: SessionUser, offset: number, count: number, onlyUnposted = false): Promise<MediaPage> {
      const { rows, total } = await repo.mine(user.id, offset, count, { onlyUnposted });
      return page(offset, total, await present(user, rows));
    },

    async favourites(user: SessionUser, ofUserRef?: string): Promise<MediaList> {
      const ofUser = ofUserRef === undefined ? user.id : await userIdFrom(ofUserRef);
      const media = await present(user, await repo.favouritesOf(ofUser, user.id));
      return { total: media.length, media };
    },

    async toggleFavourite(user: SessionUser, idOrUuid: string): Promise<MediaFavourite> {
      const m = await find(user, idOrUuid);
      const favourited = await repo.toggleFavourite(user.id, m.id);
      if (favourited === null) throw notFound('Media not found');
      return { favourited };
    },

    async edit(user: SessionUser, idOrUuid: string, input: MediaEditBody): Promise<MediaEditAnswer> {
      const found = await findOwn(user, idOrUuid);
      if (input.tags !== undefined && (await repo.existingTagIds(input.tags)).length !== input.tags.length) throw unprocessable('Unknown tag');
      // Read, decide and write under the item's lock, so edits at once never interleave.
      const done = await repo.locked(found.id, async (r) => {
        const m = (await r.byId(found.id))!;
        // An image is public only with a text alternative: making it public, or clearing the alt
        // text of a public image, needs one.
        if (!m.is_video && (input.privacy_level !== undefined || input.alt_text !== undefined)) {
          const level = input.privacy_level ?? m.privacy_level;
          const alt = input.alt_text !== undefined ? input.alt_text : m.alt_text;
          if (level === PrivacyLevel.Public && !alt) throw unprocessable(MEDIA_ALT_TEXT_REQUIRED_MESSAGE);
        }
        const values: {
          name?: string; description?: string | null; alt_text?: string | null; privacy_level?: number; approval_status?: number; rejection_reason?: string | null;
          licence?: string; public_confirmed_by?: number; public_confirmed_at?: string;
        } = {};
        // Making it public needs the owner's de-identification confirmation, given once.
        const confirming = input.confirm_deidentified === true && (input.privacy_level ?? m.privacy_level) === PrivacyLevel.Public && !m.public_confirmed_at;
        if (input.privacy_level === PrivacyLevel.Public && m.privacy_level !== PrivacyLevel.Public && !m.public_confirmed_at && !confirming) {
          throw unprocessable(DEIDENTIFY_REQUIRED_MESSAGE);
        }
        if (confirming) {
          values.public_confirmed_by = user.id;
          values.public_confirmed_at = new Date().toISOString();
        }
        if (input.licence !== undefined) values.licence = input.licence;
        if (input.name !== undefined) values.name = input.name;
        if (input.description !== undefined) values.description = input.description || null;
        if (input.alt_text !== undefined) values.alt_text = input.alt_text || null;
        if (input.privacy_level !== undefined) values.privacy_level = input.privacy_level;
        if (input.tags !== undefined) await r.replaceTags(m.id, input.tags);
        // Fixing declined media (wrong or missing tags...) sends it back to the review queue.
        const contentChanged = input.tags !== undefined || values.name !== undefined || values.description !== undefined || values.alt_text !== undefined;
        if (m.approval_status === ApprovalStatus.Rejected && contentChanged) {
          values.approval_status = ApprovalStatus.Unapproved;
          values.rejection_reason = null;
        }
        await r.update(m.id, values);
        if (confirming) await r.audit(user.id, 'media.confirm_deidentified', m.uuid_id, null);
        return true;
      }, false);
      if (!done) throw notFound('Media not found');
      const [fresh] = await present(user, [(await repo.byId(found.id))!]);
      return { newLevel: fresh.privacy_level, media: fresh };
    },

    /** A video's captions: the WebVTT text (checked by the schema) replaces any it had. */
    async setCaptions(user: SessionUser, idOrUuid: string, vtt: string): Promise<MediaItem> {
      const m = await findOwn(user, idOrUuid);
      if (!m.is_video) throw unprocessable(CAPTIONS_VIDEO_ONLY_MESSAGE);
      const key = `media/${m.uuid_id}/captions-${Date.now().toString(36)}.vtt`;
      await storage.put(key, Readable.from([Buffer.from(vtt.replace(/^\uFEFF/, ''), 'utf8')]));
      const old = m.captions_key;
      await repo.update(m.id, { captions_key: key });
      if (old) await storage.delete(old);
      return (await present(user, [(await repo.byId(m.id))!]))[0];
    },

    async removeCaptions(user: SessionUser, idOrUuid: string): Promise<MediaItem> {
      const m = await findOwn(user, idOrUuid);
      if (m.captions_key) {
        await repo.update(m.id, { captions_key: null });
        await storage.delete(m.captions_key);
      }
      return (await present(user, [(await repo.byId(m.id))!]))[0];
    },

    /** The owner sets the licence, also while the item is processing. */
    async setLicence(user: SessionUser, idOrUuid: string, licence: string): Promise<MediaItem> {
      const m = await findOwn(user, idOrUuid);
      await repo.update(m.id, { licence });
      const [fresh] = await present(user, [(await repo.byId(m.id))!]);
      return fresh;
    },

    async remove(user: SessionUser, idOrUuid: string): Promise<MediaDeleteAnswer> {
      const m = await find(user, idOrUuid);
      if (m.contributed_by !== user.id && !isAdmin(user)) throw notFound('Media not found');
      await repo.delete(m.id);
      await storage.delete(m.file_key);
      if (m.thumb_key) await storage.delete(m.thumb_key);
      if (m.captions_key) await storage.delete(m.captions_key);
      if (isAdmin(user) && m.contributed_by !== user.id) await repo.audit(user.id, 'media.delete', m.uuid_id, null);
      return { deleted: true, message: 'Media deleted.' };
    },

    async download(user: SessionUser, idOrUuid: string): Promise<DownloadLink> {
      const m = await find(user, idOrUuid);
      if (!m.is_processed) throw conflict('This media is currently processing. Please check back later.');
      await repo.incrementDownloads(m.id);
      return {
        url: signFileUrl(secret, m.file_key, { fileName: m.file_name, disposition: 'attachment', expiresInSeconds: 15 * 60 }),
        fileName: m.file_name,
      };
    },

    async pending(admin: SessionUser): Promise<MediaList> {
      requireAdmin(admin);
      const media = await present(admin, await repo.pendingApproval());
      return { total: media.length, media };
    },

    async approve(admin: SessionUser, idOrUuid: string): Promise<ApproveAnswer> {
      requireAdmin(admin);
      const m = await find(admin, idOrUuid);
      await review(admin, m, ApprovalStatus.Approved, null);
      return { approval_status: ApprovalStatus.Approved, message: 'Media approved' };
    },

    async reject(admin: SessionUser, idOrUuid: string, input: RejectBody): Promise<RejectAnswer> {
      requireAdmin(admin);
      const m = await find(admin, idOrUuid);
      const reason = rejectionText(input);
      await review(admin, m, ApprovalStatus.Rejected, reason);
      return { approval_status: ApprovalStatus.Rejected, rejection_reason: reason, message: 'Media declined' };
    },
  };

  /** unapproved -> approved | rejected; written to the audit log; the owner is told. */
  async function review(admin: SessionUser, m: MediaWithOwner, to: number, reason: string | null) {
    if (!m.is_processed) throw conflict('This media is still processing and cannot be reviewed yet');
    if (m.approval_status !== ApprovalStatus.Unapproved || !(await repo.review(m.id, ApprovalStatus.Unapproved, to, reason))) {
      throw conflict('This media has already been reviewed');
    }
    const approved = to === ApprovalStatus.Approved;
    await repo.audit(admin.id, approved ? 'media.approve' : 'media.reject', m.uuid_id, reason);
    await notify(m.contributed_by, approved
      ? { message: { key: 'media_approved' as const, params: { name: m.name } }, link: '/me/media', kind: 'moderation' as const }
      : { message: { key: 'media_declined' as const, params: { name: m.name, reason: reason ?? '' } }, link: '/me/media', kind: 'moderation' as const });
  }
}
