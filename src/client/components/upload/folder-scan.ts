// Files from a drop or a folder picker, with folders scanned at most three levels deep
// (spec section 5, DESIGN section 8: files directly in the chosen folder are level 1).
import { FOLDER_SCAN_DEPTH } from '../../../shared/limits';

export interface PickedFile {
  file: File;
  /** 'folder/sub/name.ext' for files found in folders, else the file name. */
  path: string;
}

export interface PickResult {
  files: PickedFile[];
  /** A folder was involved (show the depth warning). */
  fromFolder: boolean;
}

/** Levels below the chosen folder: 'root/a.json' is 1, 'root/x/y/z/a.json' is 4. */
export function folderDepth(relativePath: string): number {
  return Math.max(0, relativePath.split('/').filter(Boolean).length - 1);
}

/** Files from <input type=file> (plain or webkitdirectory). */
export function fromInput(list: FileList | null): PickResult {
  const files: PickedFile[] = [];
  let fromFolder = false;
  for (const file of Array.from(list ?? [])) {
    const rel = file.webkitRelativePath;
    if (rel) {
      fromFolder = true;
      if (folderDepth(rel) > FOLDER_SCAN_DEPTH) continue;
      files.push({ file, path: rel });
    } else {
      files.push({ file, path: file.name });
    }
  }
  return { files, fromFolder };
}

function readAllEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in batches (100 in Chromium) until it returns an empty one.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (!batch.length) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, prefix: string, level: number, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await entryFile(entry as FileSystemFileEntry), path: `${prefix}${entry.name}` });
    return;
  }
  if (!entry.isDirectory || level > FOLDER_SCAN_DEPTH) return;
  const children = await readAllEntries((entry as FileSystemDirectoryEntry).createReader());
  for (const child of children) {
    if (child.isDirectory && level + 1 > FOLDER_SCAN_DEPTH) continue;
    await walk(child, `${prefix}${entry.name}/`, level + 1, out);
  }
}

/**
 * Files of a drop. The entries must be taken synchronously inside the drop handler (the
 * DataTransfer empties afterwards), so call this before any await.
 */
export function fromDrop(dataTransfer: DataTransfer): Promise<PickResult> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(dataTransfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (!entries.length && !loose.length) {
    for (const file of Array.from(dataTransfer.files ?? [])) loose.push(file);
  }
  return (async () => {
    const files: PickedFile[] = loose.map((file) => ({ file, path: file.name }));
    let fromFolder = false;
    for (const entry of entries) {
      if (entry.isDirectory) fromFolder = true;
      // A dropped folder's own files are level 1.
      await walk(entry, '', 0, files);
    }
    return { files, fromFolder };
  })();
}
