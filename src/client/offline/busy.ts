// What must not be cut off by an app update reload: a write the outbox is sending, or an upload in
// progress (the upload panel marks itself busy while Uppy uploads).
import { outboxBusy } from './outbox';

const busyTokens = new Set<string>();
const listeners = new Set<() => void>();

/** Mark something busy (e.g. an upload); call the returned function when done. */
export function markBusy(token: string): () => void {
  busyTokens.add(token);
  return () => {
    busyTokens.delete(token);
    listeners.forEach((l) => l());
  };
}

export async function isBusy(): Promise<boolean> {
  return busyTokens.size > 0 || (await outboxBusy());
}

/** Resolves once nothing is busy (checks on every change and every second). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const check = async () => {
      if (await isBusy()) return;
      clearInterval(timer);
      listeners.delete(onChange);
      resolve();
    };
    const onChange = () => void check();
    const timer = setInterval(onChange, 1_000);
    listeners.add(onChange);
    void check();
  });
}
