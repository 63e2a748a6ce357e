// One media-type table (mime-types): what an upload is stored as is what a download is served as.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mimeOf, readHead } from '../../src/server/uploads/mime.js';

describe('media types and file heads', () => {
  it('.m4v is video/x-m4v, with or without the dot, in any case of file name', () => {
    expect(mimeOf('.m4v')).toBe('video/x-m4v');
    expect(mimeOf('m4v')).toBe('video/x-m4v');
    expect(mimeOf('clip.M4V')).toBe('video/x-m4v');
  });

  it('the media the app accepts have their usual types; an unknown extension is octet-stream', () => {
    expect(mimeOf('.mp4')).toBe('video/mp4');
    expect(mimeOf('.mov')).toBe('video/quicktime');
    expect(mimeOf('.jpe')).toBe('image/jpeg');
    expect(mimeOf('.bmp')).toBe('image/bmp');
    expect(mimeOf('.realiti-unknown')).toBe('application/octet-stream');
  });

  it('readHead reads at most the bytes asked for, fewer from a shorter file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'head-'));
    const file = path.join(dir, 'f.bin');
    fs.writeFileSync(file, Buffer.from('0123456789'));
    expect((await readHead(file, 4)).toString()).toBe('0123');
    expect((await readHead(file, 64)).toString()).toBe('0123456789');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
