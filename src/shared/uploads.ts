// Upload messages shared by the client checks and the server (spec sections 5 and 9), so a file
// refused in the browser and one refused by the API read the same.

/** 'Only .isims, .ctgi, .alsi and .json files can be uploaded' */
export function extensionMessage(extensions: readonly string[]): string {
  const list = [...extensions];
  const last = list.pop();
  const joined = list.length ? `${list.join(', ')} and ${last}` : (last ?? '');
  return `Only ${joined} files can be uploaded`;
}

/** 'Files must be 512 MB or smaller' */
export function sizeLimitMessage(maxBytes: number): string {
  return `Files must be ${Math.round(maxBytes / (1024 * 1024))} MB or smaller`;
}

/** 'You can upload at most 10 files at a time' */
export function tooManyFilesMessage(maxFiles: number): string {
  return `You can upload at most ${maxFiles} files at a time`;
}

/** Spec section 5 (three levels, DESIGN section 8). */
export const FOLDER_DEPTH_WARNING = 'uploading a folder only searches three levels deep';

/** Lowercased extension with the dot ('' when there is none). */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}
