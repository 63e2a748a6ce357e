// Media rules (spec sections 2-5): access checks first, then the rule, then the response shape.
// Visibility: the owner always sees their own media; admins see everything (they review it);
// anyone else only approved, public media — otherwise 404, never 403 (DESIGN section 5).
import type { FastifyInstance } from 'fastify';
import { ApprovalStatus, PrivacyLevel, hasRole, Role } from '../../../shared/enums.js';
import { normaliseMediaSearch } from '../../../shared/format.js';
import { rejectionText, type DeclineReason } from '../../../shared/schemas/media.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import { notifyUser } from '../../lib/notifications.js';
import type { SessionUser } from '../../plugins/session.js';
import { signFileUrl } from '../../storage/signed-url.js';
import { mediaRepository, type MediaWithOwner } from './repository.js';

export const MAX_PAGE = 100;

export interface MediaResponse {
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
  approval_status: number;
  rejection_reason: string | null;
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

/** Signed URLs that stay the same for the rest of the hour (so browsers and the service worker can cache them) and live at least an hour. */
function hourAligned(): number {
  const nowS = Math.floor(Date.now() / 1000);
  return 7200 - (nowS % 3600);
}

export function mediaService(app: FastifyInstance) {
  const repo = mediaRepository(app.db, app.dialect);
  const secret = app.config.sessionSecret;

  const isAdmin = (u: SessionUser) => hasRole(u.role, Role.Admin);
  const canSee = (u: SessionUser, m: MediaWithOwner) =>
    m.contributed_by === u.id || isAdmin(u) || (m.approval_status === ApprovalStatus.Approved && m.privacy_level === PrivacyLevel.Public && m.is_processed === 1);

  async function present(user: SessionUser, rows: MediaWithOwner[]): Promise<MediaResponse[]> {
    const ids = rows.map((r) => r.id);
    const [tags, favs] = await Promise.all([repo.tagsFor(ids), repo.favouriteIds(user.id, ids)]);
    const expiresInSeconds = hourAligned();
    return rows.map((m) => ({
      id: m.id,
      uuid_id: m.uuid_id,
      name: m.name,
      description: m.description,
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
    }));
  }

  /** Numeric id or uuid; 404 when missing or not visible to `user`. */
  async function find(user: SessionUser, idOrUuid: string): Promise<MediaWithOwner> {
    const m = /^\d+$/.test(idOrUuid) ? await repo.byId(Number(idOrUuid)) : await repo.byUuid(idOrUuid);
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

  const page = (offset: number, count: number, total: number, media: MediaResponse[]) => ({
    total,
    media,
    from: media.length ? offset + 1 : 0,
    to: offset + media.length,
  });

  return {
    present,
    find,

    async library(user: SessionUser, offset: number, count: number, type: number, tagIds: number[], search: string) {
      const normalised = normaliseMediaSearch(search);
      const words = normalised === '-1' ? [] : normalised.split(',');
      const { rows, total } = await repo.library({ type, tagIds, words }, offset, count);
      return page(offset, count, total, await present(user, rows));
    },

    async userMedia(user: SessionUser, userRef: string, offset: number, count: number) {
      const owner = /^\d+$/.test(userRef)
        ? await app.db.selectFrom('users').select(['id', 'enabled']).where('id', '=', Number(userRef)).executeTakeFirst()
        : await app.db.selectFrom('users').select(['id', 'enabled']).where('uuid_id', '=', userRef).executeTakeFirst();
      if (!owner || !owner.enabled) throw notFound('User not found');
      const { rows, total } =
        owner.id === user.id ? await repo.mine(user.id, offset, count) : await repo.userPublic(owner.id, offset, count);
      return page(offset, count, total, await present(user, rows));
    },

    async item(user: SessionUser, idOrUuid: string) {
      const [m] = await present(user, [await find(user, idOrUuid)]);
      return m;
    },

    async mine(user: SessionUser, offset: number, count: number, onlyUnposted = false) {
      const { rows, total } = await repo.mine(user.id, offset, count, { onlyUnposted });
      return page(offset, count, total, await present(user, rows));
    },

    async favourites(user: SessionUser, ofUserRef?: string) {
      let ofUser = user.id;
      if (ofUserRef !== undefined) {
        const u = /^\d+$/.test(ofUserRef)
          ? await app.db.selectFrom('users').select(['id', 'enabled']).where('id', '=', Number(ofUserRef)).executeTakeFirst()
          : await app.db.selectFrom('users').select(['id', 'enabled']).where('uuid_id', '=', ofUserRef).executeTakeFirst();
        if (!u || !u.enabled) throw notFound('User not found');
        ofUser = u.id;
      }
      const media = await present(user, await repo.favouritesOf(ofUser, user.id));
      return { total: media.length, media };
    },

    async toggleFavourite(user: SessionUser, idOrUuid: string) {
      const m = await find(user, idOrUuid);
      const favourited = await repo.toggleFavourite(user.id, m.id);
      return { favourited };
    },

    async edit(user: SessionUser, idOrUuid: string, input: { name?: string; description?: string | null; tags?: number[]; privacy_level?: 0 | 2 }) {
      const m = await findOwn(user, idOrUuid);
      const values: { name?: string; description?: string | null; privacy_level?: number; approval_status?: number; rejection_reason?: string | null } = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.description !== undefined) values.description = input.description || null;
      if (input.privacy_level !== undefined) values.privacy_level = input.privacy_level;
      let tagsChanged = false;
      if (input.tags !== undefined) {
        const known = await repo.existingTagIds(input.tags);
        if (known.length !== input.tags.length) throw unprocessable('Unknown tag');
        await repo.setTags(m.id, known);
        tagsChanged = true;
      }
      // Fixing declined media (wrong or missing tags...) sends it back to the review queue.
      const contentChanged = tagsChanged || values.name !== undefined || values.description !== undefined;
      if (m.approval_status === ApprovalStatus.Rejected && contentChanged) {
        values.approval_status = ApprovalStatus.Unapproved;
        values.rejection_reason = null;
      }
      await repo.update(m.id, values);
      const [fresh] = await present(user, [(await repo.byId(m.id))!]);
      return { newLevel: fresh.privacy_level, media: fresh };
    },

    async remove(user: SessionUser, idOrUuid: string) {
      const m = await find(user, idOrUuid);
      if (m.contributed_by !== user.id && !isAdmin(user)) throw notFound('Media not found');
      await repo.delete(m.id);
      await app.storage.delete(m.file_key);
      if (m.thumb_key) await app.storage.delete(m.thumb_key);
      if (isAdmin(user) && m.contributed_by !== user.id) await repo.audit(user.id, 'media.delete', m.uuid_id, null);
      return { deleted: true, message: 'Media deleted.' };
    },

    async download(user: SessionUser, idOrUuid: string) {
      const m = await find(user, idOrUuid);
      if (!m.is_processed) throw conflict('This media is currently processing. Please check back later.');
      await repo.incrementDownloads(m.id);
      return {
        url: signFileUrl(secret, m.file_key, { fileName: m.file_name, disposition: 'attachment', expiresInSeconds: 15 * 60 }),
        fileName: m.file_name,
      };
    },

    async pending(user: SessionUser) {
      const media = await present(user, await repo.pendingApproval());
      return { total: media.length, media };
    },

    async approve(admin: SessionUser, idOrUuid: string) {
      const m = await find(admin, idOrUuid);
      await review(admin, m, ApprovalStatus.Approved, null);
      return { approval_status: ApprovalStatus.Approved, message: 'Media approved' };
    },

    async reject(admin: SessionUser, idOrUuid: string, input: { reason: DeclineReason; otherReason?: string | null }) {
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
    await notifyUser(app.db, m.contributed_by, approved
      ? { name: 'Media approved', description: `Your media "${m.name}" has been approved.`, link: '/me/media' }
      : { name: 'Media declined', description: `Your media "${m.name}" was declined: ${reason}`, link: '/me/media' });
  }
}
