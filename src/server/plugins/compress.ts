// JSON answers over COMPRESS_MIN_BYTES go out compressed when the client accepts it: brotli (a fast
// quality) or gzip. Only JSON text from our routes: an answer that already has a Content-Encoding
// (precompressed static files), a stream (files) or a short answer (/api/health, messages) is sent
// as it is. The hook is added to each route after the others (plugins/idempotency.ts keeps the JSON
// text it replays, not the compressed bytes).
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { lru } from '../lib/lru.js';

export const COMPRESS_MIN_BYTES = 2048;
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
// Brotli at a low quality: every answer is compressed afresh (a page read anywhere in a long list is
// a new text; the bytes kept below help only pages asked for again), on the event loop, which list
// requests keep busy. Quality 2 up to LARGE_ANSWER_BYTES, 1 above it. Measured on the long lists'
// answers (microseconds and bytes a page, quality 1 / 2 / 3):
//   a feed page,    2.5 KB:  29 /  32 /  53 us,   810 /   783 /   770 bytes
//   a library page, 15 KB:   83 / 107 / 117 us, 2 943 / 2 732 / 2 613 bytes
//   100 users,      30 KB:   98 / 198 / 270 us, 6 045 / 5 351 / 5 356 bytes
// Above quality 1 the time a byte grows with the answer's length, while the bytes saved stay a few
// per cent; below it, quality 2 keeps small answers tighter for little time. (Quality 4 makes about
// 5 % fewer bytes than 3 for twice the time.)
const LARGE_ANSWER_BYTES = 16 * 1024;
const brotliQuality = (bytes: number) => (bytes > LARGE_ANSWER_BYTES ? 1 : 2);
const GZIP_LEVEL = 6;
/**
 * Answers up to this size are compressed on the event loop: a 10 KB page takes about 0.08 ms that
 * way, while handing it to libuv's thread pool costs several times that in CPU (the hand-over, the
 * stream machinery, a 4 MB brotli window set up per call) on a machine whose cores the requests
 * share. Longer answers go to the thread pool, so none holds the loop for long.
 */
export const COMPRESS_HERE_MAX_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip';

/** The encoding to use for an Accept-Encoding header: br, else gzip, never one given q=0. */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const q = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepted = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** chooseEncoding's answers for the Accept-Encoding headers seen lately (a browser sends the same one every time). */
const encodings = lru<Encoding | null>(50);
function encodingFor(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  let encoding = encodings.get(accept);
  if (encoding === undefined) {
    encoding = chooseEncoding(accept);
    encodings.set(accept, encoding);
  }
  return encoding;
}

/**
 * The compressed bytes of answers sent as bytes, for as long as those bytes are kept: a cached list
 * page keeps its JSON as bytes (lib/serializer.ts), the plain shell its page (plugins/static-client.ts).
 * Kept by the bytes' identity, not their text: looking a fresh 15 KB text up by its content hashes
 * all of it (about 30 us), for an answer that is new nearly every time.
 */
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
function remember(payload: Buffer, encoding: Encoding, bytes: Buffer) {
  compressed.set(payload, { ...compressed.get(payload), [encoding]: bytes });
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const list = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list)) void reply.header('vary', list ? `${list}, Accept-Encoding` : 'Accept-Encoding');
}

const compress: onSendHookHandler = (request: FastifyRequest, reply: FastifyReply, payload, done) => {
  if (
    (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
    request.method === 'HEAD' ||
    reply.hasHeader('content-encoding') ||
    !JSON_TYPE.test(String(reply.getHeader('content-type') ?? '')) ||
    Buffer.byteLength(payload) < COMPRESS_MIN_BYTES
  ) {
    done(null, payload);
    return;
  }
  compressText(request, reply, payload, (out) => done(null, out));
};

/**
 * `payload` compressed for the request's Accept-Encoding (brotli, else gzip), with Content-Encoding
 * and Vary set; as it is when the client accepts neither or compression fails.
 */
export function compressText(request: FastifyRequest, reply: FastifyReply, payload: string | Buffer, done: (out: string | Buffer) => void): void {
  addVary(reply);
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (!encoding) {
    done(payload);
    return;
  }
  // The same bytes again (a cached list page, the plain shell): the same compressed bytes.
  const known = Buffer.isBuffer(payload) ? compressed.get(payload)?.[encoding] : undefined;
  if (known) {
    void reply.header('content-encoding', encoding);
    done(known);
    return;
  }
  const input = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const finish = (err: Error | null, out: Buffer) => {
    if (err) {
      done(payload);
      return;
    }
    if (Buffer.isBuffer(payload)) remember(payload, encoding, out);
    void reply.header('content-encoding', encoding);
    done(out);
  };
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(input.length), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
  if (input.length <= COMPRESS_HERE_MAX_BYTES) {
    let out: Buffer;
    try {
      out = encoding === 'br' ? zlib.brotliCompressSync(input, brotli) : zlib.gzipSync(input, { level: GZIP_LEVEL });
    } catch (err) {
      finish(err as Error, Buffer.alloc(0));
      return;
    }
    finish(null, out);
  } else if (encoding === 'br') {
    zlib.brotliCompress(input, brotli, finish);
  } else {
    zlib.gzip(input, { level: GZIP_LEVEL }, finish);
  }
}

export default fp(async function compression(app: FastifyInstance) {
  app.addHook('onRoute', (opts) => {
    const hooks = opts.onSend === undefined ? [] : Array.isArray(opts.onSend) ? opts.onSend : [opts.onSend];
    opts.onSend = [...hooks, compress];
  });
});
