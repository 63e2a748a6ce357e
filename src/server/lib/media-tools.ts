// ffmpeg and ffprobe for media processing: FFMPEG_PATH / FFPROBE_PATH when set, else the system
// binary when one is on PATH, else the binary packaged with @ffmpeg-installer/ffmpeg and
// @ffprobe-installer/ffprobe, so a machine without ffmpeg still processes videos and BMP images.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

export type MediaTool = 'ffmpeg' | 'ffprobe';
export type ToolSource = 'env' | 'system' | 'packaged' | 'missing';

const packages: Record<MediaTool, string> = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };
const require = createRequire(import.meta.url);

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in a PATH-style list of directories. */
export function findOnPath(name: string, pathEnv: string | undefined): string | undefined {
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}

const packagedPaths = new Map<MediaTool, string | undefined>();

/** The packaged binary's path, or undefined when this platform has none installed. */
export function packagedTool(tool: MediaTool): string | undefined {
  if (!packagedPaths.has(tool)) {
    let found: string | undefined;
    try {
      found = (require(packages[tool]) as { path: string }).path;
    } catch {
      found = undefined;
    }
    packagedPaths.set(tool, found);
  }
  return packagedPaths.get(tool);
}

export function resolveMediaTool(
  tool: MediaTool,
  override: string | undefined,
  pathEnv: string | undefined = process.env.PATH,
): { path: string; source: ToolSource } {
  if (override) return { path: override, source: 'env' };
  const system = findOnPath(tool, pathEnv);
  if (system) return { path: system, source: 'system' };
  const packaged = packagedTool(tool);
  if (packaged) return { path: packaged, source: 'packaged' };
  // Spawning the bare name fails with ENOENT, which processing treats as a missing tool.
  return { path: tool, source: 'missing' };
}

const checked = new Set<string>();

/**
 * The installer packages ship their binaries with the mode of the npm tarball and rely on a
 * postinstall `chmod u+x` (ffprobe's tarball holds a 0644 file): with install scripts disabled
 * (`--ignore-scripts`, or a package manager that allows scripts only for listed packages) the
 * binary is not executable. So a packaged binary that lacks the execute bits gets them here, once,
 * before its first use. A failure is left to the spawn, which reports EACCES.
 */
export function ensureExecutable(file: string): void {
  if (checked.has(file) || !path.isAbsolute(file)) return;
  checked.add(file);
  try {
    const { mode } = fs.statSync(file);
    if ((mode & 0o111) !== 0o111) fs.chmodSync(file, mode | 0o111);
  } catch {
    // Missing or not ours to change: the spawn says why.
  }
}

const run = promisify(execFile);

export interface ToolRunOptions {
  timeout: number;
  maxBuffer?: number;
}

/** Run `tool` from `file`; the packaged binary is made executable first (never an operator's own). */
export async function runTool(tool: MediaTool, file: string, args: string[], opts: ToolRunOptions) {
  if (file === packagedTool(tool)) ensureExecutable(file);
  return run(file, args, { timeout: opts.timeout, maxBuffer: opts.maxBuffer ?? 4 * 1024 * 1024 });
}

/**
 * True when the error says the tool itself could not be started (missing, not executable), as
 * opposed to the tool running and rejecting the input.
 */
export function isToolStartError(err: unknown): err is NodeJS.ErrnoException {
  const e = err as NodeJS.ErrnoException | null;
  return !!e && typeof e === 'object' && (e.code === 'ENOENT' || e.code === 'EACCES') && typeof e.syscall === 'string' && e.syscall.startsWith('spawn');
}
