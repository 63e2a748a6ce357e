// A TCP pass-through in front of an e2e server that reads the HTTP requests going through it.
// Like net-switch.ts it can "lose the network" for real (the browser and its service
// worker see network errors), and it also:
// - records each request's method, path and headers (which session cookie went with what);
// - holds a request after its headers and part of its body, as a server that is still reading it;
// - cuts a request after part of its body, as a connection that drops half-way through an upload.
// Responses flow back untouched. Bodies must have a Content-Length (browsers send one for Blobs and
// forms); a chunked request turns parsing off for the rest of its connection.
import net from 'node:net';

export interface TappedRequest {
  method: string;
  path: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** Bytes of the body that went on to the server. */
  forwarded: number;
  /** Set once the whole body went on. */
  complete: boolean;
  /** When its headers arrived (epoch ms). */
  at: number;
}

type Rule = { match: (r: TappedRequest) => boolean; bytes: number; action: 'hold' | 'cut'; downMs: number; resolve: (r: TappedRequest) => void };

export interface HttpTap {
  url: string;
  requests: TappedRequest[];
  setOnline(online: boolean): void;
  /** The next matching request goes on with its headers and `bytes` of body, then nothing more. */
  holdNext(match: (r: TappedRequest) => boolean, bytes: number): Promise<TappedRequest>;
  /**
   * The next matching request goes on with `bytes` of body, then its connection drops and the
   * network stays down for `downMs` (new connections are refused; the browser's own immediate retry
   * of a request cut on a reused connection fails, as it would on a real drop).
   */
  cutNext(match: (r: TappedRequest) => boolean, bytes: number, downMs?: number): Promise<TappedRequest>;
  close(): Promise<void>;
}

/** The session cookie's value in a request ('' without one). */
export const sessionCookie = (r: TappedRequest) => /(?:^|;\s*)sid=([^;]+)/.exec(r.headers.cookie ?? '')?.[1] ?? '';

export async function startHttpTap(targetPort: number, listenPort: number): Promise<HttpTap> {
  let online = true;
  let downUntil = 0;
  const sockets = new Set<net.Socket>();
  const requests: TappedRequest[] = [];
  const rules: Rule[] = [];

  const server = net.createServer((client) => {
    if (!online || Date.now() < downUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.pipe(client);

    let buffer = Buffer.alloc(0);
    let current: TappedRequest | null = null;
    let remaining = 0;
    let rule: Rule | null = null;
    let passThrough = false;
    let stopped = false;

    client.on('data', (data: Buffer) => {
      if (stopped) return;
      if (passThrough) {
        upstream.write(data);
        return;
      }
      buffer = Buffer.concat([buffer, data]);
      while (buffer.length && !stopped) {
        if (!current) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end + 4);
          buffer = buffer.subarray(end + 4);
          const [start, ...lines] = head.toString('latin1').split('\r\n').filter(Boolean);
          const [method, path] = start.split(' ');
          const headers: Record<string, string> = {};
          for (const l of lines) {
            const i = l.indexOf(':');
            if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
          }
          current = { method, path, headers, forwarded: 0, complete: false, at: Date.now() };
          requests.push(current);
          upstream.write(head);
          if (headers['transfer-encoding']) {
            passThrough = true;
            upstream.write(buffer);
            buffer = Buffer.alloc(0);
            return;
          }
          remaining = Number(headers['content-length'] ?? 0);
          const i = rules.findIndex((r) => r.match(current!));
          rule = i >= 0 ? rules.splice(i, 1)[0] : null;
        }
        const allowed = rule ? Math.max(0, rule.bytes - current.forwarded) : Infinity;
        const take = Math.min(remaining, buffer.length, allowed);
        if (take > 0) {
          upstream.write(buffer.subarray(0, take));
          buffer = buffer.subarray(take);
          current.forwarded += take;
          remaining -= take;
        }
        if (rule && current.forwarded >= rule.bytes && remaining > 0) {
          stopped = true;
          const r = current;
          if (rule.action === 'cut') {
            // The server gets what was sent and then the end of the stream; the browser a dropped connection.
            downUntil = Date.now() + rule.downMs;
            upstream.end();
            client.destroy();
            // The network is down: every other open connection dies too.
            if (rule.downMs > 0) for (const other of sockets) if (other !== upstream && other !== client) other.destroy();
          }
          rule.resolve(r);
          return;
        }
        if (remaining === 0) {
          current.complete = true;
          current = null;
          rule = null;
        } else return;
      }
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(listenPort, '127.0.0.1', () => resolve()));
  const addRule = (action: Rule['action']) => (match: Rule['match'], bytes: number, downMs = 0) =>
    new Promise<TappedRequest>((resolve) => rules.push({ match, bytes, action, downMs, resolve }));
  return {
    url: `http://localhost:${listenPort}`,
    requests,
    setOnline(value) {
      online = value;
      if (!value) for (const s of sockets) s.destroy();
    },
    holdNext: addRule('hold'),
    cutNext: addRule('cut'),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
