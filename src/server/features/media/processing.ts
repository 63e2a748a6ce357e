// The 'media.process' job (spec section 4, DESIGN section 2): images are re-encoded with sharp,
// which drops EXIF/GPS and other metadata, plus a 480 px WebP thumbnail; BMP is converted to PNG
// with ffmpeg first (sharp cannot decode BMP); videos are remuxed without metadata (location
// atoms), get a poster frame and a duration from ffprobe. A file that cannot be read ends with
// processing_error set and is_processed 0 — the job itself never fails for a bad file. A tool that
// cannot be started (missing, not executable) says nothing about the file: the job is postponed
// and retried (RetryableError) and the owner keeps seeing the item as being processed.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { mediaRepository, type MediaRow } from './repository.js';
import { isToolStartError, runTool } from '../../lib/media-tools.js';
import { RetryableError } from '../../jobs/queue.js';
import { withTempCopy } from '../../storage/storage.js';
import { ProcessingState } from '../../../shared/enums.js';

const FFMPEG_TIMEOUT_MS = 120_000;
export const THUMB_SIZE = 480;

export const PROCESSING_FAILED_IMAGE = 'This file could not be read as an image. Please check the file and upload it again.';
export const PROCESSING_FAILED_VIDEO = 'This file could not be read as a video. Please check the file and upload it again.';

async function ffmpeg(app: FastifyInstance, args: string[]) {
  await runTool('ffmpeg', app.config.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { timeout: FFMPEG_TIMEOUT_MS });
}

async function probeDuration(app: FastifyInstance, file: string): Promise<number> {
  const { stdout } = await runTool('ffprobe', app.config.ffprobePath, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file], {
    timeout: 30_000,
  });
  const info = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  if (!info.streams?.some((s) => s.codec_type === 'video')) throw new Error('No video stream');
  const d = Number(info.format?.duration);
  return Number.isFinite(d) ? Math.round(d) : 0;
}

const baseNameWithout = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

interface Result {
  fileKey: string;
  fileName: string;
  mimeType: string;
  thumbKey: string;
  duration: number;
}

async function processImage(app: FastifyInstance, m: MediaRow, input: string, work: string): Promise<Result> {
  const ext = path.extname(m.file_key).toLowerCase();
  let source = input;
  if (ext === '.bmp') {
    source = path.join(work, 'converted.png');
    await ffmpeg(app, ['-i', input, '-frames:v', '1', source]);
  }
  const meta = await sharp(source).metadata();
  const dir = path.posix.dirname(m.file_key);
  let outExt: string;
  let mimeType: string;
  let encoded: Buffer;
  if (meta.format === 'gif') {
    // Animated GIFs stay GIFs; re-encoding drops comments and application extensions.
    encoded = await sharp(source, { animated: true }).gif().toBuffer();
    outExt = '.gif';
    mimeType = 'image/gif';
  } else if (meta.format === 'jpeg') {
    encoded = await sharp(source).rotate().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    outExt = '.jpg';
    mimeType = 'image/jpeg';
  } else if (meta.format === 'png') {
    encoded = await sharp(source).rotate().png({ compressionLevel: 9 }).toBuffer();
    outExt = '.png';
    mimeType = 'image/png';
  } else {
    throw new Error(`Unsupported image format ${meta.format}`);
  }
  const thumb = await sharp(source, { animated: false })
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const fullPath = path.join(work, `full${outExt}`);
  const thumbPath = path.join(work, 'thumb.webp');
  await fsp.writeFile(fullPath, encoded);
  await fsp.writeFile(thumbPath, thumb);
  const fileKey = `${dir}/full${outExt}`;
  const thumbKey = `${dir}/thumb.webp`;
  await app.storage.putFile(fileKey, fullPath);
  await app.storage.putFile(thumbKey, thumbPath);
  return { fileKey, fileName: `${baseNameWithout(m.file_name)}${outExt}`, mimeType, thumbKey, duration: 0 };
}

async function processVideo(app: FastifyInstance, m: MediaRow, input: string, work: string): Promise<Result> {
  const ext = path.extname(m.file_key).toLowerCase();
  const duration = await probeDuration(app, input);
  const dir = path.posix.dirname(m.file_key);
  const outExt = ext === '.mov' ? '.mov' : ext === '.m4v' ? '.m4v' : '.mp4';
  const full = path.join(work, `full${outExt}`);
  // Remux (no re-encode) without global or stream metadata: phones store the location there.
  await ffmpeg(app, [
    '-i', input, '-map', '0:v', '-map', '0:a?', '-c', 'copy', '-map_metadata', '-1', '-map_chapters', '-1',
    '-movflags', '+faststart', '-f', ext === '.mov' ? 'mov' : 'mp4', full,
  ]);
  const poster = path.join(work, 'poster.png');
  try {
    await ffmpeg(app, ['-ss', '0.5', '-i', input, '-frames:v', '1', poster]);
    await fsp.access(poster);
  } catch (err) {
    if (isToolStartError(err)) throw err;
    // Shorter than half a second: take the first frame.
    await ffmpeg(app, ['-i', input, '-frames:v', '1', poster]);
  }
  const thumbPath = path.join(work, 'thumb.webp');
  await sharp(poster).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toFile(thumbPath);
  const fileKey = `${dir}/full${outExt}`;
  const thumbKey = `${dir}/thumb.webp`;
  await app.storage.putFile(fileKey, full);
  await app.storage.putFile(thumbKey, thumbPath);
  const mimeType = outExt === '.mov' ? 'video/quicktime' : outExt === '.m4v' ? 'video/x-m4v' : 'video/mp4';
  return { fileKey, fileName: `${baseNameWithout(m.file_name)}${outExt}`, mimeType, thumbKey, duration };
}

export async function processMedia(app: FastifyInstance, mediaId: number): Promise<void> {
  const repo = mediaRepository(app.db, app.dialect);
  const m = await repo.byId(mediaId);
  if (!m || m.is_processed) return;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'media-'));
  try {
    // The tools read a local copy of the stored original (deleted with the work dir's siblings).
    const r = await withTempCopy(app.storage, m.file_key, (input) =>
      m.is_video ? processVideo(app, m, input, work) : processImage(app, m, input, work),
    );
    const size = (await app.storage.size(r.fileKey)) ?? m.file_size;
    await repo.update(m.id, {
      file_key: r.fileKey,
      file_name: r.fileName,
      mime_type: r.mimeType,
      file_size: size,
      thumb_key: r.thumbKey,
      duration_in_seconds: r.duration,
      is_processed: ProcessingState.Processed,
      processing_error: null,
    });
    // The original still carries its metadata (GPS...): only the cleaned copy is kept.
    if (r.fileKey !== m.file_key) await app.storage.delete(m.file_key);
  } catch (err) {
    if (isToolStartError(err)) {
      const tool = err.path ?? err.syscall?.replace(/^spawn /, '') ?? 'a media tool';
      throw new RetryableError(`media ${mediaId}: ${tool} could not be started (${err.code}); processing will be retried`, { cause: err });
    }
    app.log.warn({ err, mediaId }, 'media processing failed');
    await repo.update(m.id, { processing_error: m.is_video ? PROCESSING_FAILED_VIDEO : PROCESSING_FAILED_IMAGE });
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

export function registerMediaJobs(app: FastifyInstance) {
  app.jobs.register('media.process', async (payload) => {
    await processMedia(app, Number(payload.mediaId));
  });
}
