// Scenario rules (spec sections 3-5): visibility, ownership, publishability, copies,
// favourites, downloads and folders. Access checks come first, then rules, then mapping.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { uuid } from '../../lib/crypto.js';
import { notFound, forbidden, unprocessable } from '../../lib/http-error.js';
import { now } from '../../db/connection.js';
import { signFileUrl } from '../../storage/signed-url.js';
import { withTempCopy, type Storage } from '../../storage/storage.js';
import { storeAcceptedFile } from '../../uploads/registry.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { GroupsPort } from '../../lib/ports.js';
import type { SessionUser } from '../../plugins/session.js';
import type { MessageBody } from '../../../shared/schemas/common.js';
import {
  BROKEN_FILE_MESSAGE,
  NOT_PUBLISHABLE_MESSAGE,
  PROCESSING_MESSAGE,
  deviceThumbnailUrl,
  editScenarioSchema,
  patientPhotoUrl,
  type DirectoryContents,
  type DirectoryNode,
  type LibrarySort,
  type ListScenariosParams,
  type MyScenariosParams,
  type Scenario,
  type ScenarioFavourite,
  type ScenarioDownload,
  type ScenarioPage,
} from '../../../shared/schemas/scenarios.js';
import { COPY_LICENCE_MESSAGE, DEIDENTIFY_REQUIRED_MESSAGE, NO_ADAPTATION_MESSAGE, licenceOf } from '../../../shared/licences.js';
import { scenariosRepository, type ScenarioParts, type ScenarioRow, type ScenariosRepository } from './repository.js';
import { BrokenScenarioFile, detailsFromColumn, readScenarioFile } from './processor.js';
import { PrivacyLevel, ProcessingState } from '../../../shared/enums.js';

export const PROCESS_JOB = 'scenario.process';
/** Reads every stored scenario again, in id order (queued once by migration 0012). */
export const REPROCESS_JOB = 'scenario.reprocess';
const REPROCESS_BATCH = 50;

/** Publishable: processed without error, with a description, patient age and condition, and a tag. */
export function isPublishable(row: Pick<ScenarioRow, 'is_processed' | 'processing_error' | 'description' | 'patient_age' | 'patient_condition'>, tagCount: number): boolean {
  return Boolean(row.is_processed) && !row.processing_error && row.description.trim() !== '' && row.patient_age != null && row.patient_condition != null && tagCount > 0;
}

/** Visible to a user: public, or their own (contracts). */
export function isVisibleTo(row: Pick<ScenarioRow, 'privacy_level' | 'contributed_by'>, userId: number): boolean {
  return row.privacy_level === PrivacyLevel.Public || row.contributed_by === userId;
}

export const safeFileName = (name: string) => path.basename(name).replace(/[^\w.\- ]+/g, '_').slice(-120) || 'scenario';
/** 'Cardiac arrest (v2).isims': the file name a download of version N gets, so the device names the version. */
export function versionedFileName(fileName: string, version: number): string {
  if (version <= 1) return fileName;
  const ext = path.extname(fileName);
  return `${fileName.slice(0, fileName.length - ext.length)} (v${version})${ext}`;
}
/** A copy records the work it is based on; its name stays when the original is deleted. */
export const isCopy = (row: Pick<ScenarioRow, 'based_on_name'>) => row.based_on_name !== null;
/** The owner may change it: not a copy whose licence forbids adaptation (shared/licences.ts). */
export const isAdaptable = (row: Pick<ScenarioRow, 'based_on_name' | 'licence'>) => !isCopy(row) || licenceOf(row.licence).allowsAdaptation;
/** The average of a scenario's ratings, to one decimal; null while it has none. */
export const ratingAverage = (r: Pick<ScenarioRow, 'rating_count' | 'rating_sum'>) =>
  r.rating_count > 0 ? Math.round((Number(r.rating_sum) / r.rating_count) * 10) / 10 : null;
export const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * What a copy or download keeps of where a scenario comes from: 'Name by Author, CC BY 4.0
 * (licence text), /scenario/uuid'. A copy names the work it is based on.
 */
export function attributionOf(row: Pick<ScenarioRow, 'name' | 'uuid_id' | 'licence' | 'owner_first_name' | 'owner_last_name' | 'based_on_name' | 'based_on_author' | 'based_on_uuid'>): string {
  const l = licenceOf(row.licence);
  const [name, author, uuidId] = isCopy(row) ? [row.based_on_name ?? '', row.based_on_author ?? '', row.based_on_uuid ?? row.uuid_id] : [row.name, fullName(row.owner_first_name, row.owner_last_name), row.uuid_id];
  return `${name} by ${author}, ${l.name} (${l.url}), /scenario/${uuidId}`;
}

export const storageKeyFor = (uuidId: string, fileName: string) => `scenarios/${uuidId}/${safeFileName(fileName)}`;
export const nameFromFileName = (fileName: string) => path.basename(fileName).replace(/\.[^.]+$/, '').slice(0, 200) || 'Unknown Scenario';

type EditScenarioBody = v.InferOutput<typeof editScenarioSchema>;

/** What the scenario rules use: their queries, file storage, the job queue and the URL-signing secret. */
export interface ScenarioPorts {
  repo: ScenariosRepository;
  storage: Pick<Storage, 'copy' | 'delete' | 'putFile' | 'read' | 'size'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Signs file URLs (storage/signed-url.ts). */
  secret: string;
  log: Pick<FastifyInstance['log'], 'error'>;
  /** A private scenario attached to a group post opens for the group's members (features/groups/access.ts). */
  groups: Pick<GroupsPort, 'canOpenScenarioThroughPost'>;
}

export const scenarioPortsOf = (app: FastifyInstance): ScenarioPorts => ({
  repo: scenariosRepository(app.db, app.dialect),
  storage: app.storage,
  jobs: app.jobs,
  secret: app.config.sessionSecret,
  log: app.log,
  groups: app.ports.groups,
});

/** A path names a scenario or user by numeric id or by uuid_id (the schemas keep ids within range). */
const refOf = (idOrUuid: string): number | string => (/^\d+$/.test(idOrUuid) ? Number(idOrUuid) : idOrUuid);

/** Search words of the library path: comma-joined, -1 for none. */
const searchWords = (search: string) => (search === '-1' ? [] : search.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean));

export function scenariosService({ repo, storage, jobs, secret, log, groups }: ScenarioPorts) {
  /**
   * The rows as `viewer` sees them. `known`: their parts already read, all of them, or only what
   * every reader sees (a cached page's tags and counts); what is missing is one read.
   */
  async function present(rows: ScenarioRow[], viewer: SessionUser, known?: ScenarioParts | Pick<ScenarioParts, 'tags' | 'counts'>): Promise<Scenario[]> {
    const ids = rows.map((r) => r.id);
    const parts = known && 'favourites' in known ? known : { ...(await repo.parts(ids, viewer.id, !known)), ...known };
    const { tags, counts, favourites: favs, adaptations } = parts;
    return rows.map((r) => {
      const t = tags.get(r.id) ?? [];
      const own = r.contributed_by === viewer.id;
      return {
        id: r.id,
        uuid_id: r.uuid_id,
        name: r.name,
        description: r.description,
        device_id: r.device_id,
        patient_age: r.patient_age,
        patient_condition: r.patient_condition,
        patient_sex: r.patient_sex,
        patient_photo_code: r.patient_photo_code,
        tags: t,
        // The storage path; its suffix (.ctgi) marks a CTGi scenario (spec section 1).
        object_url: `/${r.file_key}`,
        file_name: r.file_name,
        file_size: Number(r.file_size),
        privacy_level: r.privacy_level,
        is_processed: Boolean(r.is_processed),
        is_publishable: isPublishable(r, t.length),
        processing_error: own ? r.processing_error : null,
        contributed_by: { id: r.contributed_by, uuid_id: r.owner_uuid, first_name: r.owner_first_name, last_name: r.owner_last_name },
        contributed_at: r.contributed_at,
        number_favourites: counts.get(r.id) ?? 0,
        num_downloads: r.num_downloads,
        unicode_language_identifier: r.unicode_language_identifier,
        duration_in_seconds: r.duration_in_seconds,
        num_checklist_items: r.num_checklist_items,
        num_events: r.num_events,
        has_images: Boolean(r.has_images),
        has_video: Boolean(r.has_video),
        has_sounds: Boolean(r.has_sounds),
        has_labs: Boolean(r.has_labs),
        is_favourited_by_current_user: favs.has(r.id),
        is_ctgi: r.file_name.toLowerCase().endsWith('.ctgi'),
        thumbnail_url: deviceThumbnailUrl(r.device_id),
        patient_photo_url: patientPhotoUrl(r.patient_photo_code),
        directory_uuid: own ? r.directory_uuid : null,
        ...detailsFromColumn(r.details, r.device_id),
        licence: licenceOf(r.licence).id,
        based_on: isCopy(r) ? { uuid_id: r.based_on_id !== null ? r.based_on_uuid : null, name: r.based_on_name ?? '', author: r.based_on_author ?? '', licence: licenceOf(r.licence).id } : null,
        is_adaptable: isAdaptable(r),
        public_confirmation: own && r.public_confirmed_at ? { confirmed_by: fullName(r.confirmer_first_name, r.confirmer_last_name), confirmed_at: r.public_confirmed_at } : null,
        num_adaptations: adaptations.get(r.id) ?? 0,
        version: r.version,
        rating_average: ratingAverage(r),
        rating_count: r.rating_count,
      };
    });
  }

  const page = (total: number, scenarios: Scenario[], offset: number): ScenarioPage => ({
    total,
    scenarios,
    from: scenarios.length ? offset + 1 : 0,
    to: offset + scenarios.length,
  });

  /** By numeric id or uuid; 404 when missing or another user's private scenario. */
  async function findVisible(idOrUuid: string, viewer: SessionUser): Promise<ScenarioRow> {
    const ref = refOf(idOrUuid);
    const row = typeof ref === 'number' ? await repo.byId(ref) : await repo.byUuid(ref);
    // A private scenario attached to a group post opens for that group's members (the groups port).
    if (!row || !(isVisibleTo(row, viewer.id) || (await groups.canOpenScenarioThroughPost(row.id, viewer.id)))) throw notFound('Scenario not found');
    return row;
  }

  async function findOwned(idOrUuid: string, viewer: SessionUser): Promise<ScenarioRow> {
    const row = await findVisible(idOrUuid, viewer);
    if (row.contributed_by !== viewer.id) throw forbidden('Only the contributor can change this scenario');
    return row;
  }

  async function userIdFrom(idOrUuid: string): Promise<number> {
    const id = await repo.enabledUserId(refOf(idOrUuid));
    if (id === undefined) throw notFound('User not found');
    return id;
  }

  const presentOne = async (id: number, viewer: SessionUser): Promise<Scenario> => {
    const row = await repo.byId(id);
    if (!row) throw notFound('Scenario not found');
    return (await present([row], viewer))[0];
  };

  async function directoryIdFor(user: SessionUser, dirUuid: string): Promise<number> {
    const dir = await repo.directoryByUuid(dirUuid);
    if (!dir || dir.user_id !== user.id) throw notFound('Folder not found');
    return dir.id;
  }

  return {
    present,
    findVisible,
    findOwned,
    presentOne,

    async library(viewer: SessionUser, p: ListScenariosParams, language: string | null = null, sort: LibrarySort = 'newest'): Promise<ScenarioPage> {
      const f = { offset: p.offset, count: p.count, age: p.age, condition: p.condition, words: searchWords(p.search), tagIds: p.tagIds, language, sort };
      // The rows, tags and counts are shared by every reader; the reader's answer (their favourites
      // and own fields) is cached for them. Both until anything they show changes.
      const key = `${f.offset} ${f.count} ${f.age} ${f.condition} ${[...f.tagIds].sort((a, b) => a - b).join(',')} ${f.words.join(',')} ${language?.toLowerCase() ?? ''} ${sort}`;
      return repo.cachedLibraryPage(`reader ${viewer.id} ${key}`, async () => {
        // A page read afresh reads its rows and parts, the reader's with everyone's, at once; only
        // everyone's are cached.
        let parts: ScenarioParts | undefined;
        const shared = await repo.cachedLibraryPage(`rows ${key}`, async () => {
          const page = await repo.libraryCards(f, viewer.id);
          parts = page.parts;
          return { total: page.total, rows: page.rows, tags: parts.tags, counts: parts.counts };
        });
        return page(shared.total, await present(shared.rows, viewer, parts ?? shared), f.offset);
      });
    },

    async get(viewer: SessionUser, id: string): Promise<Scenario> {
      return (await present([await findVisible(id, viewer)], viewer))[0];
    },

    async mine(viewer: SessionUser, p: MyScenariosParams): Promise<ScenarioPage> {
      const directoryId = p.directory && p.directory !== '-1' ? await directoryIdFor(viewer, p.directory) : undefined;
      const dir = p.direction === 'ASC' ? 'asc' : 'desc';
      const { total, rows } = await repo.mine(viewer.id, p.sortField, dir, directoryId, p.offset, p.count);
      return page(total, await present(rows, viewer), p.offset);
    },

    async unposted(viewer: SessionUser, offset: number, count: number, publicOnly = false): Promise<ScenarioPage> {
      const { total, rows } = await repo.unposted(viewer.id, offset, count, publicOnly);
      return page(total, await present(rows, viewer), offset);
    },

    async favouritesOf(viewer: SessionUser, userIdOrUuid?: string): Promise<Scenario[]> {
      const userId = userIdOrUuid === undefined ? viewer.id : await userIdFrom(userIdOrUuid);
      return present(await repo.favouritesOf(userId, viewer.id), viewer);
    },

    async publicOf(viewer: SessionUser, userIdOrUuid: string): Promise<Scenario[]> {
      return present(await repo.publicOf(await userIdFrom(userIdOrUuid)), viewer);
    },

    async toggleFavourite(viewer: SessionUser, id: string): Promise<ScenarioFavourite> {
      const row = await findVisible(id, viewer);
      const is_favourited = await repo.toggleFavourite(viewer.id, row.id);
      if (is_favourited === null) throw notFound('Scenario not found');
      const counts = await repo.favouriteCounts([row.id]);
      return { is_favourited, number_favourites: counts.get(row.id) ?? 0 };
    },

    async edit(viewer: SessionUser, id: string, input: EditScenarioBody): Promise<Scenario> {
      const found = await findOwned(id, viewer);
      if (!isAdaptable(found)) throw forbidden(NO_ADAPTATION_MESSAGE);
      if (input.licence !== undefined && input.licence !== found.licence && isCopy(found)) throw unprocessable(COPY_LICENCE_MESSAGE);
      const wanted = input.tags === undefined ? undefined : [...new Set(input.tags.map((t) => (typeof t === 'number' ? t : t.id)))];
      if (wanted && (await repo.existingTagIds(wanted)).length !== wanted.length) throw unprocessable('One or more tags do not exist');
      // Read, check and write under the scenario's lock, so edits at once never interleave.
      const done = await repo.locked(found.id, async (r) => {
        const row = (await r.byId(found.id))!;
        if (!row.is_processed) throw unprocessable(PROCESSING_MESSAGE);
        const tagIds = wanted ?? ((await r.tagsFor([row.id])).get(row.id) ?? []).map((t) => t.id);
        const next = {
          ...row,
          description: input.description !== undefined ? input.description : row.description,
          patient_age: input.patient_age !== undefined ? input.patient_age : row.patient_age,
          patient_condition: input.patient_condition !== undefined ? input.patient_condition : row.patient_condition,
          privacy_level: input.privacy_level ?? row.privacy_level,
          unicode_language_identifier:
            input.unicode_language_identifier !== undefined ? input.unicode_language_identifier || null : row.unicode_language_identifier,
        };
        // Public scenarios must stay publishable; only a publishable one can change its privacy.
        const publishable = isPublishable(next, tagIds.length);
        if ((next.privacy_level !== row.privacy_level || next.privacy_level === PrivacyLevel.Public) && !publishable) throw unprocessable(NOT_PUBLISHABLE_MESSAGE);
        // Making it public needs the owner's de-identification confirmation, given once.
        const confirming = input.confirm_deidentified === true && next.privacy_level === PrivacyLevel.Public && !row.public_confirmed_at;
        if (next.privacy_level === PrivacyLevel.Public && row.privacy_level !== PrivacyLevel.Public && !row.public_confirmed_at && !confirming) throw unprocessable(DEIDENTIFY_REQUIRED_MESSAGE);
        await r.update(row.id, {
          description: next.description,
          patient_age: next.patient_age,
          patient_condition: next.patient_condition,
          privacy_level: next.privacy_level,
          ...(input.licence !== undefined ? { licence: input.licence } : {}),
          ...(confirming ? { public_confirmed_by: viewer.id, public_confirmed_at: now() } : {}),
          unicode_language_identifier: next.unicode_language_identifier,
        });
        if (confirming) await r.audit(viewer.id, 'scenario.confirm_deidentified', row.uuid_id);
        if (wanted) await r.replaceTags(row.id, wanted);
        await r.refreshSearchText(row.id);
        return true;
      }, false);
      if (!done) throw notFound('Scenario not found');
      return presentOne(found.id, viewer);
    },

    /** The owner sets the licence, also while the scenario is processing; a copy keeps its original's. */
    async setLicence(viewer: SessionUser, id: string, licence: string): Promise<Scenario> {
      const row = await findOwned(id, viewer);
      if (!isAdaptable(row)) throw forbidden(NO_ADAPTATION_MESSAGE);
      if (isCopy(row) && licence !== row.licence) throw unprocessable(COPY_LICENCE_MESSAGE);
      await repo.update(row.id, { licence });
      return presentOne(row.id, viewer);
    },

    async remove(viewer: SessionUser, id: string): Promise<MessageBody> {
      const row = await findOwned(id, viewer);
      const earlier = await repo.versionFiles(row.id);
      await repo.delete(row.id);
      // A copy has its own file, so the stored files (every version's) belong to this row alone.
      for (const key of new Set([row.file_key, ...earlier])) await storage.delete(key).catch(() => undefined);
      return { message: 'Scenario deleted.' };
    },

    async download(viewer: SessionUser, id: string): Promise<ScenarioDownload> {
      const row = await findVisible(id, viewer);
      await repo.incrementDownloads(row.id);
      await repo.recordDownloader(row.id, viewer.id);
      return {
        // The current version's name says which version it is (the device keeps it under that name).
        url: signFileUrl(secret, row.file_key, { fileName: versionedFileName(row.file_name, row.version), disposition: 'attachment' }),
        fileName: versionedFileName(row.file_name, row.version),
        version: row.version,
        attribution: attributionOf(row),
      };
    },

    /** An owned private copy with identical bytes; tags and metadata carried over. */
    async copy(viewer: SessionUser, id: string): Promise<Scenario> {
      const row = await findVisible(id, viewer);
      const uuidId = uuid();
      const key = storageKeyFor(uuidId, row.file_name);
      await storage.copy(row.file_key, key);
      const created = await repo.insert({
        // The copy keeps the original's licence and records what it is based on.
        licence: licenceOf(row.licence).id,
        based_on_id: row.id,
        based_on_uuid: row.uuid_id,
        based_on_name: row.name,
        based_on_author: fullName(row.owner_first_name, row.owner_last_name),
        uuid_id: uuidId,
        name: row.name,
        description: row.description,
        device_id: row.device_id,
        patient_age: row.patient_age,
        patient_condition: row.patient_condition,
        patient_sex: row.patient_sex,
        patient_photo_code: row.patient_photo_code,
        file_key: key,
        file_name: row.file_name,
        file_size: row.file_size,
        privacy_level: 0,
        is_processed: row.is_processed,
        processing_error: row.processing_error,
        contributed_by: viewer.id,
        contributed_at: now(),
        num_downloads: 0,
        duration_in_seconds: row.duration_in_seconds,
        num_checklist_items: row.num_checklist_items,
        num_events: row.num_events,
        has_images: row.has_images,
        has_video: row.has_video,
        has_sounds: row.has_sounds,
        has_labs: row.has_labs,
        unicode_language_identifier: row.unicode_language_identifier,
        directory_id: null,
        search_text: row.search_text,
        details: row.details,
      });
      const tags = (await repo.tagsFor([row.id])).get(row.id) ?? [];
      // The copy is new: nobody else writes its tags yet.
      await repo.replaceTags(created.id, tags.map((t) => t.id));
      if (!row.is_processed) await jobs.enqueue(PROCESS_JOB, { id: created.id });
      return presentOne(created.id, viewer);
    },

    async directoryTree(viewer: SessionUser): Promise<DirectoryNode[]> {
      const dirs = await repo.directoriesOf(viewer.id);
      const nodes = new Map(dirs.map((d) => [d.id, { uuid: d.uuid, name: d.name, children: [] as DirectoryNode[] }]));
      const roots: DirectoryNode[] = [];
      for (const d of dirs) {
        const parent = d.parent_id != null ? nodes.get(d.parent_id) : undefined;
        (parent ? parent.children : roots).push(nodes.get(d.id)!);
      }
      return roots;
    },

    async directoryContents(viewer: SessionUser, dirUuid: string): Promise<DirectoryContents> {
      const id = await directoryIdFor(viewer, dirUuid);
      const dir = (await repo.directoryById(id))!;
      const parent = dir.parent_id != null ? await repo.directoryById(dir.parent_id) : undefined;
      const dirs = (await repo.directoriesOf(viewer.id)).filter((d) => d.parent_id === id).map((d) => ({ uuid: d.uuid, name: d.name }));
      const { rows } = await repo.mine(viewer.id, 'name', 'asc', id, 0, 1000);
      return { uuid: dir.uuid, name: dir.name, parent_uuid: parent?.uuid ?? null, directories: dirs, scenarios: await present(rows, viewer) };
    },

    /** Upload kind 'scenario': store the checked file as a private, unprocessed scenario and queue processing. */
    async acceptUpload(user: SessionUser, file: { filePath: string; storedKey?: string; originalName: string; size: number }) {
      const uuidId = uuid();
      const key = storageKeyFor(uuidId, file.originalName);
      const size = await storeAcceptedFile(storage, key, file);
      const name = nameFromFileName(file.originalName);
      const created = await repo.insert({
        licence: await repo.defaultLicenceOf(user.id),
        uuid_id: uuidId,
        name,
        description: '',
        device_id: null,
        patient_age: null,
        patient_condition: null,
        patient_sex: null,
        patient_photo_code: null,
        file_key: key,
        file_name: path.basename(file.originalName),
        file_size: size,
        privacy_level: 0,
        is_processed: ProcessingState.Pending,
        processing_error: null,
        contributed_by: user.id,
        contributed_at: now(),
        num_downloads: 0,
        duration_in_seconds: 0,
        num_checklist_items: 0,
        num_events: 0,
        has_images: 0,
        has_video: 0,
        has_sounds: 0,
        has_labs: 0,
        unicode_language_identifier: null,
        directory_id: null,
        search_text: name,
      });
      await jobs.enqueue(PROCESS_JOB, { id: created.id });
      return created;
    },

    /** The processing job: metadata from the file; a broken file gets processing_error, never a crash. */
    async process(id: number) {
      const row = await repo.byId(id);
      if (!row) return;
      try {
        const meta = await withTempCopy(storage, row.file_key, readScenarioFile);
        await repo.update(row.id, {
          name: meta.name ?? row.name,
          description: row.description || meta.description || '',
          device_id: meta.device_id ?? row.device_id,
          patient_age: row.patient_age ?? meta.patient_age ?? null,
          patient_condition: row.patient_condition ?? meta.patient_condition ?? null,
          patient_sex: meta.patient_sex ?? row.patient_sex,
          patient_photo_code: meta.patient_photo_code ?? row.patient_photo_code,
          unicode_language_identifier: meta.language ?? row.unicode_language_identifier,
          duration_in_seconds: meta.duration_in_seconds,
          num_events: meta.num_events,
          num_checklist_items: meta.num_checklist_items,
          has_images: meta.has_images ? 1 : 0,
          has_video: meta.has_video ? 1 : 0,
          has_sounds: meta.has_sounds ? 1 : 0,
          has_labs: meta.has_labs ? 1 : 0,
          details: JSON.stringify(meta.details),
          is_processed: ProcessingState.Processed,
          processing_error: null,
        });
      } catch (err) {
        if (!(err instanceof BrokenScenarioFile) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await repo.update(row.id, { is_processed: ProcessingState.Processed, processing_error: BROKEN_FILE_MESSAGE, details: null });
      }
      await repo.refreshSearchText(row.id);
    },

    /** One batch of the reprocessing job; queues the next batch until every scenario was read again. */
    async reprocessAfter(afterId: number) {
      const rows = await repo.filesAfter(afterId, REPROCESS_BATCH);
      for (const { id, file_key } of rows) {
        // A file that is not there (yet) is left alone; one unreadable scenario must not stop the others.
        if ((await storage.size(file_key)) === null) continue;
        await this.process(id).catch((err: unknown) => log.error({ err, scenarioId: id }, 'scenario reprocessing failed'));
      }
      if (rows.length === REPROCESS_BATCH) await jobs.enqueue(REPROCESS_JOB, { afterId: rows[rows.length - 1].id });
    },
  };
}

export type ScenariosService = ReturnType<typeof scenariosService>;
