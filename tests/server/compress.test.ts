// JSON answers are compressed on the event loop up to COMPRESS_HERE_MAX_BYTES and on libuv's thread
// pool above it; both give the same text back, in brotli and in gzip.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_HERE_MAX_BYTES, compressText } from '../../src/server/plugins/compress.js';

function exchange(accept: string) {
  const headers: Record<string, string> = {};
  const request = { headers: { 'accept-encoding': accept } } as unknown as FastifyRequest;
  const reply = {
    getHeader: (name: string) => headers[name],
    header: (name: string, value: string) => {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { request, reply, headers };
}

const compress = (payload: string | Buffer, accept: string) =>
  new Promise<{ out: Buffer; headers: Record<string, string> }>((resolve) => {
    const { request, reply, headers } = exchange(accept);
    compressText(request, reply, payload, (out) => resolve({ out: out as Buffer, headers }));
  });

const jsonOf = (bytes: number, seed: string) =>
  JSON.stringify({ rows: Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({ id: i, name: `${seed} scenario ${i * 7919}` })) });

describe('compressed answers', () => {
  it.each([
    ['a page (compressed on the event loop)', 20_000],
    ['a long answer (compressed on the thread pool)', COMPRESS_HERE_MAX_BYTES * 3],
  ])('%s comes back the same, in brotli and gzip', async (_what, bytes) => {
    const text = jsonOf(bytes, String(bytes));
    const br = await compress(text, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.out.length).toBeLessThan(text.length / 3);
    expect(zlib.brotliDecompressSync(br.out).toString('utf8')).toBe(text);
    const gzip = await compress(`${text} `, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.out).toString('utf8')).toBe(`${text} `);
  });

  it('keeps the compressed bytes of bytes kept (a cached page), by their identity, for each encoding', async () => {
    const kept = Buffer.from(jsonOf(20_000, 'kept'));
    const first = await compress(kept, 'br');
    const again = await compress(kept, 'br');
    expect(again.out).toBe(first.out);
    expect(again.headers['content-encoding']).toBe('br');
    const gzip = await compress(kept, 'gzip');
    expect(gzip.out).not.toBe(first.out);
    expect(zlib.gunzipSync(gzip.out).toString('utf8')).toBe(kept.toString('utf8'));
    // The same text in other bytes is compressed afresh (a fresh answer is not looked up by its content).
    const copy = await compress(Buffer.from(kept), 'br');
    expect(copy.out).not.toBe(first.out);
    expect(zlib.brotliDecompressSync(copy.out).toString('utf8')).toBe(kept.toString('utf8'));
  });
});
