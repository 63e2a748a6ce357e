// Upload kinds (scenario, media...) plug into the shared upload paths (multipart and tus) here.
// Each kind says which extensions it takes, how many files per batch, how to check content, and how
// to store a checked file (spec sections 2 and 5; DESIGN section 8).
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../plugins/session.js';
import type { Storage } from '../storage/storage.js';
import { extensionMessage as sharedExtensionMessage, fileExtension, sizeLimitMessage } from '../../shared/uploads.js';

export interface AcceptedFile {
  /**
   * Temp file holding the complete, checked upload; accept() moves it into storage with
   * storeAcceptedFile (else it is deleted afterwards). '' when storedKey holds the bytes.
   */
  filePath: string;
  /** The bytes are in storage already, at this key (a resumable upload on S3): stored by a copy. */
  storedKey?: string;
  /** Base file name as the user chose it. */
  originalName: string;
  size: number;
  /** Lowercased, with the dot: '.isims'. */
  ext: string;
}

export interface UploadKind {
  /** 'scenario' | 'media' */
  name: string;
  /** Lowercased, with dot. */
  extensions: readonly string[];
  /** 512 MB (MAX_UPLOAD_BYTES in src/shared/limits.ts). */
  maxBytes: number;
  /** Per batch: scenario 100, media 10. */
  maxFiles: number;
  /** Content check on the first bytes (<= 4100): null when fine, else the message shown to the user. */
  sniff(head: Buffer, ext: string): string | null;
  /** Store the file, create the record (private, unprocessed), enqueue its processing job. */
  accept(app: FastifyInstance, user: SessionUser, file: AcceptedFile): Promise<{ id: number; uuid_id: string }>;
}

/** Put a checked upload into storage at `key` (moving its temp file, or copying within storage); returns its size. */
export async function storeAcceptedFile(storage: Pick<Storage, 'putFile' | 'copy'>, key: string, file: Pick<AcceptedFile, 'filePath' | 'storedKey' | 'size'>): Promise<number> {
  if (!file.storedKey) return storage.putFile(key, file.filePath);
  await storage.copy(file.storedKey, key);
  return file.size;
}

const kinds = new Map<string, UploadKind>();

/** Register (or replace) a kind; idempotent by name, so a feature module may call it at import time. */
export function registerUploadKind(kind: UploadKind): void {
  kinds.set(kind.name, kind);
}

export function getUploadKind(name: string): UploadKind | undefined {
  return kinds.get(name);
}

/** How many bytes of a file sniff() gets to see. */
export const SNIFF_BYTES = 4100;

/** Lowercased extension with the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  return fileExtension(baseName(fileName));
}

/** The base name of a path a browser may send ('C:\\x\\a.png', 'folder/a.png' -> 'a.png'). */
export function baseName(fileName: string): string {
  const parts = fileName.split(/[\\/]/);
  return (parts[parts.length - 1] ?? '').trim();
}

/** 'Only .isims, .ctgi, .alsi and .json files can be uploaded' */
export function extensionMessage(kind: Pick<UploadKind, 'extensions'>): string {
  return sharedExtensionMessage(kind.extensions);
}

/** 'Files must be 512 MB or smaller' */
export function sizeMessage(kind: Pick<UploadKind, 'maxBytes'>): string {
  return sizeLimitMessage(kind.maxBytes);
}
