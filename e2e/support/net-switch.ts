// A TCP pass-through in front of the e2e server that can "lose the network": offline, every open
// connection is cut and new ones are dropped, so the browser and its service worker see real
// network errors. (Playwright's context.setOffline and page.route both keep the service worker
// from answering in Chromium: routing bypasses it, offline emulation fails its cached answers.)
import net from 'node:net';

export interface NetSwitch {
  url: string;
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export async function startNetSwitch(targetPort: number, listenPort: number): Promise<NetSwitch> {
  let online = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!online) {
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
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(listenPort, '127.0.0.1', () => resolve()));
  return {
    url: `http://localhost:${listenPort}`,
    setOnline(value) {
      online = value;
      if (!value) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
