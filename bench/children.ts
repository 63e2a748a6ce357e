// Child processes of a bench: a bench file started again with arguments (its server, its writer),
// answering over IPC.
import { spawn, type ChildProcess } from 'node:child_process';

/** One reply from `child` to `send` (or its next message when nothing is sent); an { error } reply rejects. */
export function nextMessage<T>(child: ChildProcess, send?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      cleanup();
      const error = (m as { error?: string }).error;
      if (error) reject(new Error(`child: ${error}`));
      else resolve(m as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code})`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (send) child.send(send);
  });
}

/** `node [nodeFlags] --import tsx <file> ...args`; `ready` is its first message. */
export function startChild<T>(file: string, args: string[], opts: { nodeFlags?: string[]; env?: Record<string, string> } = {}): { child: ChildProcess; ready: Promise<T> } {
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', file, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...opts.env },
  });
  return { child, ready: nextMessage<T>(child) };
}

/** SIGTERM, then SIGKILL after 5 s. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => resolve(clearTimeout(t)));
    child.kill('SIGTERM');
  });
}
