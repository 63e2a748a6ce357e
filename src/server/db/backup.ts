// Backups of a SQLite server (npm run db:backup -- DIR, npm run db:restore -- DIR), taken while it
// runs. The database is copied with SQLite's online backup API (a consistent snapshot, however
// many writes go on); the stored files and the keys the server generated (its session secret, the
// licence signing key) are copied with it, each with its SHA-256 in manifest.json, written last:
// a folder without it is not a backup. A file is stored before the row that names it, and may be
// deleted once a row stops naming it (media processing replaces an original), so the files are
// held (hard links, taken in an instant) both right before and right after the database snapshot:
// every file a copied row names is in the copy. Unfinished resumable uploads, temporary files and
// the local mail folder are left out.
// PostgreSQL and S3 have their own tools (pg_dump, bucket versioning): see the README.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import SQLite from 'better-sqlite3';

export const DATABASE_FILE = 'community.sqlite';
export const MANIFEST_FILE = 'manifest.json';
const FILES_DIR = 'files';
/** Keys the server generates into its data dir on first start; sessions and licences need them. */
const KEY_FILES = ['secret.key', 'licence-signing-key.pem'];
/** Pages copied per step of the online backup (4 KB each): few steps, so writes rarely restart it. */
const PAGES_PER_STEP = 25_000;

export interface ManifestEntry {
  /** Relative to the data dir, with '/' separators. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  entries: ManifestEntry[];
}

export class BackupError extends Error {}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Copy `from` to `to` (folders made), answering its size and SHA-256 as copied. */
async function copyHashed(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(fs.createReadStream(from), tap, fs.createWriteStream(to));
  return { bytes, sha256: hash.digest('hex') };
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Every file under `dir`, as paths relative to `root`. */
async function walk(root: string, dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(root, full)));
    else if (entry.isFile()) out.push(path.relative(root, full));
  }
  return out;
}

const slash = (p: string) => p.split(path.sep).join('/');

/**
 * Hold every stored file not yet held: a hard link under `staging` (the same disk as the data dir,
 * so it takes no copying), or a copy where links cannot be made. A file gone meanwhile is skipped.
 */
async function hold(dataDir: string, staging: string, held: Set<string>): Promise<void> {
  const files = (await walk(dataDir, path.join(dataDir, FILES_DIR))).filter((f) => !f.endsWith('.part') && !held.has(f));
  for (const rel of [...files, ...KEY_FILES.filter((k) => !held.has(k) && fs.existsSync(path.join(dataDir, k)))]) {
    const from = path.join(dataDir, rel);
    const to = path.join(staging, rel);
    await fsp.mkdir(path.dirname(to), { recursive: true });
    try {
      await fsp.link(from, to).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw err;
        await fsp.copyFile(from, to);
      });
      held.add(rel);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

const STAGING_PREFIX = '.backup-staging-';

/** Back up the data dir `dataDir` into `outDir` (new or empty). */
export async function backup(dataDir: string, outDir: string, log: (line: string) => void = () => undefined): Promise<Manifest> {
  const dbFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(dbFile)) throw new BackupError(`No database at ${dbFile}: is DATA_DIR right?`);
  if (!(await isEmptyDir(outDir))) throw new BackupError(`${outDir} is not empty: back up into a new or empty folder`);
  await fsp.mkdir(outDir, { recursive: true });
  const entries: ManifestEntry[] = [];
  // A backup that died midway left its links behind: they are only links, dropped now.
  for (const name of await fsp.readdir(dataDir)) {
    if (name.startsWith(STAGING_PREFIX)) await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  const staging = path.join(dataDir, `${STAGING_PREFIX}${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    const held = new Set<string>();
    await hold(dataDir, staging, held);
    await snapshot(dbFile, outDir);
    await hold(dataDir, staging, held);
    checkCopy(path.join(outDir, DATABASE_FILE));
    entries.push({ path: DATABASE_FILE, ...(await hashFile(path.join(outDir, DATABASE_FILE))) });
    log(`Database copied (${entries[0].bytes} bytes).`);
    for (const rel of [...held].sort()) entries.push({ path: slash(rel), ...(await copyHashed(path.join(staging, rel), path.join(outDir, rel))) });
    log(`${entries.length - 1} files copied.`);
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), entries };
  await fsp.writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The database's online backup into outDir. */
async function snapshot(dbFile: string, outDir: string): Promise<void> {
  const source = new SQLite(dbFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(path.join(outDir, DATABASE_FILE), { progress: () => PAGES_PER_STEP });
  } finally {
    source.close();
  }
}

/** The copy is one whole file (no WAL beside it) that passes SQLite's integrity check. */
function checkCopy(copy: string): void {
  const check = new SQLite(copy, { fileMustExist: true });
  try {
    check.pragma('journal_mode = DELETE');
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The database copy failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
}

/** Restore the backup in `fromDir` into the data dir `dataDir`, which must be new or empty. */
export async function restore(fromDir: string, dataDir: string, log: (line: string) => void = () => undefined): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(fromDir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${fromDir} holds no backup (${MANIFEST_FILE} is missing or unreadable)`);
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.entries) || !manifest.entries.some((e) => e.path === DATABASE_FILE)) {
    throw new BackupError(`${fromDir}/${MANIFEST_FILE} is not a backup this version can restore`);
  }
  if (!(await isEmptyDir(dataDir))) throw new BackupError(`${dataDir} is not empty: restore into a new or empty data dir (DATA_DIR)`);
  const top = path.resolve(dataDir);
  // Every file is checked before anything is written: a damaged backup restores nothing.
  for (const entry of manifest.entries) {
    const target = path.resolve(dataDir, entry.path);
    if (!target.startsWith(top + path.sep)) throw new BackupError(`The manifest names a path outside the data dir: ${entry.path}`);
    const actual = await hashFile(path.join(fromDir, entry.path)).catch(() => null);
    if (!actual || actual.sha256 !== entry.sha256 || actual.bytes !== entry.bytes) throw new BackupError(`${entry.path} is missing or damaged in the backup`);
  }
  await fsp.mkdir(dataDir, { recursive: true });
  for (const entry of manifest.entries) {
    const copied = await copyHashed(path.join(fromDir, entry.path), path.join(dataDir, entry.path));
    if (copied.sha256 !== entry.sha256) throw new BackupError(`${entry.path} changed while it was restored`);
  }
  log(`Restored ${manifest.entries.length} files from the backup of ${manifest.createdAt}.`);
  return manifest;
}
