// Web Push in this browser (DESIGN section 6): subscribe through the service worker's PushManager
// with the server's VAPID key and keep the subscription on the server for the signed-in user.
// iPadOS delivers push only to a home-screen app (16.4 and later) and revokes it after pushes that
// show nothing: the service worker always shows one (sw/sw.ts), and a subscription that exists is
// saved again at every start, so the server's copy follows the browser's.
import { isNativeApp } from '../../../lib/native-bridge';
import { deletePush, savePush } from '../api/push-subscription';

export type PushState = 'native' | 'unsupported' | 'denied' | 'off' | 'on';

/** How long to wait for the service worker before saying push is unavailable. */
const READY_TIMEOUT_MS = 5000;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS))]);
}

export async function pushState(): Promise<PushState> {
  if (isNativeApp()) return 'native';
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Ask for permission, subscribe and save; the state it ends in. */
export async function enablePush(publicKey: string): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await savePush(sub.toJSON());
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (sub) {
    const endpoint = sub.endpoint;
    await sub.unsubscribe();
    await deletePush(endpoint).catch(() => undefined);
  }
  return 'off';
}

let resynced = false;
/** Once per start: save the browser's subscription again (the server may have dropped it). */
export async function resyncPush(): Promise<void> {
  if (resynced || isNativeApp() || !pushSupported() || Notification.permission !== 'granted') return;
  resynced = true;
  const reg = await registration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (sub) await savePush(sub.toJSON()).catch(() => undefined);
}
