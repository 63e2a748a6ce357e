// The offline database (DESIGN section 6), shared by the page and the service worker (sw/sw.ts):
// - outbox: every write made offline or on a flaky network, with its Idempotency-Key and
//   its author;
// - outboxFiles: files attached to queued posts, as ~1 MiB Blob chunks until the upload is done;
// - device: who is signed in on this device as far as the outbox knows, and a sign-out still to be
//   told to the server; settings of this device;
// - favourites + fileChunks: favourite scenarios and media kept for offline use, files stored as
//   ~1 MiB Blob chunks so a 512 MB file is never held in memory at once;
// - queryCache: TanStack Query's persisted cache (async persister over a key-value table).
// This module must stay free of React and of window-only APIs: the service worker imports it.
import Dexie, { type EntityTable } from 'dexie';
import { OFFLINE_DB_NAME } from './db-exists';

export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed';

export type OutboxFormField = { name: string; value: string } | { name: string; file: Blob; fileName: string };

export interface OutboxRequest {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  json?: unknown;
  form?: OutboxFormField[];
}

/** Resumable (tus) upload details, for rows of kind 'upload'. */
export interface OutboxUpload {
  /** 'scenario' | 'media' */
  uploadKind: string;
  fileName: string;
  size: number;
  /** Lets the panel match a re-selected file to its row (name + size + lastModified). */
  fingerprint: string;
  /** The tus upload URL once the server created it; kept so the upload resumes after a drop or reload. */
  tusUrl: string | null;
  bytesUploaded: number;
  /** Set when the server accepted the finished file. */
  uuidId?: string;
}

/** A file attached to a queued post: kept in outboxFiles, then uploaded with tus. */
export interface OutboxAttachment {
  /** The upload kind, and the CreatePost field its reference goes in (scenarioUploads, mediaUploads). */
  uploadKind: 'scenario' | 'media';
  fileName: string;
  size: number;
  mimeType: string;
  /** Key of its chunks in outboxFiles. */
  fileKey: string;
  /** The tus upload URL once the server created it; kept so a retry resumes instead of starting over. */
  tusUrl: string | null;
  /** Bytes the server confirmed. */
  bytesUploaded: number;
  /** The tus upload id once the server accepted the whole file. */
  uploadId?: string;
  /** The server refused the file (type, content): the post goes without it, and the user is told. */
  refused?: string;
}

export interface OutboxItem {
  /** Local id (UUID). */
  id: string;
  /**
   * The uuid_id of the user who made it: it is shown only to them and sent only with
   * their session. Rows from before this field existed get the next confirmed user.
   */
  author?: string;
  /** What the write is: 'post', 'favourite', 'upload'... (features filter on it). */
  kind: string;
  /** What the user sees in the sync panel ('Post "Airway tips"'). */
  label: string;
  state: OutboxState;
  request: OutboxRequest;
  /** Minted once when queued, sent on every attempt, so a replay never creates a second record. */
  idempotencyKey: string;
  attempts: number;
  /** Epoch ms; the replay loop leaves the item alone until then. */
  nextAttemptAt: number;
  createdAt: number;
  updatedAt: number;
  /** Epoch ms when an attempt started (a 'sending' row of a closed tab is re-queued after a while). */
  sendingSince?: number;
  /**
   * Epoch ms of the first of the server's answers in a row that said "not yet" (409 still in
   * progress, 5xx, 429): past a limit the item is shown as failed instead of waiting forever.
   */
  serverWaitSince?: number;
  /** Files to upload (tus) before the request is sent; their ids go with it. */
  attachments?: OutboxAttachment[];
  /** The server's message when it refused the write, or the last transient error. */
  error?: string;
  /** The server's answer once sent. */
  response?: unknown;
  /** Extra data the feature wants back with the item (e.g. the post's text to show it as pending). */
  meta?: Record<string, unknown>;
  upload?: OutboxUpload;
}

export type OfflineKind = 'scenario' | 'media';

export interface FavouriteRecord {
  /** `${kind}:${id}` */
  key: string;
  kind: OfflineKind;
  /** The item's uuid_id. */
  id: string;
  name: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** 'storing' while chunks are written, 'stored' once complete, 'failed' when it could not be kept. */
  status: 'storing' | 'stored' | 'failed';
  chunkCount: number;
  storedAt: number;
  error?: string;
  /** The item as the API returned it (to show the view offline). */
  item?: unknown;
}

export interface FileChunk {
  /** FavouriteRecord.key */
  fileKey: string;
  index: number;
  data: Blob;
}

/** A chunk of a file attached to a queued post. */
export interface OutboxFileChunk {
  /** OutboxAttachment.fileKey */
  fileKey: string;
  index: number;
  data: Blob;
}

/** The outbox's view of who is signed in on this device (key 'session'). */
export interface DeviceSession {
  key: 'session';
  /** uuid_id of the user whose session the browser holds, or null when signed out. */
  userId: string | null;
  /** Signed out while the server could not be told: the logout call goes before anything else. */
  signOutPending: boolean;
  /** The last user who was signed in here: a different one next means the iPad changed hands. */
  lastUserId?: string;
}

/** Settings of this device (key 'settings'). */
export interface DeviceSettings {
  key: 'settings';
  /** False after the user freed the offline storage: favourites are no longer copied here. */
  keepFavourites: boolean;
}

export interface QueryCacheEntry {
  key: string;
  value: string;
}

export const CHUNK_BYTES = 1024 * 1024;

export class OfflineDb extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>;
  favourites!: EntityTable<FavouriteRecord, 'key'>;
  fileChunks!: Dexie.Table<FileChunk, [string, number]>;
  queryCache!: EntityTable<QueryCacheEntry, 'key'>;
  outboxFiles!: Dexie.Table<OutboxFileChunk, [string, number]>;
  device!: Dexie.Table<DeviceSession | DeviceSettings, string>;

  constructor(name = OFFLINE_DB_NAME) {
    super(name);
    this.version(1).stores({
      outbox: 'id, kind, state, createdAt, nextAttemptAt',
      favourites: 'key, kind, id, status',
      fileChunks: '[fileKey+index], fileKey',
      queryCache: 'key',
    });
    // Version 2: authors, files of queued posts, the device's session.
    this.version(2).stores({
      outbox: 'id, kind, state, createdAt, nextAttemptAt, author',
      outboxFiles: '[fileKey+index], fileKey',
      device: 'key',
    });
  }
}

export const db = new OfflineDb();

export const favouriteKey = (kind: OfflineKind, id: string) => `${kind}:${id}`;
