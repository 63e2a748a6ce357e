// The native iPad/iOS wrapper bridge (DESIGN section 7, docs/native-bridge.md).
// Page -> native: window.webkit.messageHandlers.<name>.postMessage(payload)
// Native -> page: window.communityNative.receive(message), one documented global.
import { useSyncExternalStore } from 'react';
import { randomId } from './compat';

export type NativeHandlerName =
  | 'mediaImport'
  | 'scenarioimport'
  | 'scenarioexport'
  | 'getscenariospath'
  | 'getscenariofile'
  | 'relinquish'
  | 'debriefhandover'
  | 'notification'
  | string;

export interface DeviceInfo {
  hasInfo: boolean;
  device_id: string | null;
  product: string | null;
}

/** Messages native code sends to the page. */
export type NativeMessage =
  | { type: 'deviceInfo'; device_id: string; product: string }
  | { type: 'response'; requestId: string; ok: boolean; data?: unknown; error?: string }
  | { type: 'event'; name: string; data?: unknown }
  /** A finished session for the TMS: the body of POST /api/editor/debriefs. */
  | { type: 'debrief'; handoverId: string; debrief: unknown };

/** What the page tells the `debriefhandover` handler about a debrief native code handed over. */
export interface DebriefHandoverResult {
  handoverId: string;
  /** sent: stored on the server; queued: kept on this device and sent when online; refused: not stored (see message). */
  status: 'sent' | 'queued' | 'refused';
  message?: string;
}

interface WebkitWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage(payload: unknown): void }> };
  communityNative?: { receive(message: NativeMessage): void };
}

const w = (typeof window !== 'undefined' ? window : {}) as unknown as WebkitWindow;

let deviceInfo: DeviceInfo = { hasInfo: false, device_id: null, product: null };
const deviceListeners = new Set<() => void>();
const pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void }>();
const eventListeners = new Set<(name: string, data: unknown) => void>();
type DebriefListener = (handoverId: string, debrief: unknown) => void;
let debriefListener: DebriefListener | null = null;
/** Debriefs that arrived before the app listened for them. */
const earlyDebriefs: { handoverId: string; debrief: unknown }[] = [];

/** True inside the native wrapper (WKWebView with message handlers). */
export function isNativeApp(): boolean {
  return Boolean(w.webkit?.messageHandlers);
}

export function getDeviceInfo(): DeviceInfo {
  return deviceInfo;
}

export function useDeviceInfo(): DeviceInfo {
  return useSyncExternalStore(
    (cb) => {
      deviceListeners.add(cb);
      return () => deviceListeners.delete(cb);
    },
    () => deviceInfo,
  );
}

/** Fire-and-forget message to a native handler. Returns false outside the wrapper. */
export function postNative(name: NativeHandlerName, payload: unknown): boolean {
  const handler = w.webkit?.messageHandlers?.[name];
  if (!handler) return false;
  handler.postMessage(payload);
  return true;
}

/** Ask native code for an answer; it replies with { type: 'response', requestId }. */
export function requestNative<T = unknown>(name: NativeHandlerName, payload: Record<string, unknown> = {}, timeoutMs = 30_000): Promise<T> {
  const requestId = randomId();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(requestId);
      reject(new Error('The device did not answer'));
    }, timeoutMs);
    pending.set(requestId, {
      resolve: (v) => {
        clearTimeout(timer);
        resolve(v as T);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    });
    if (!postNative(name, { ...payload, requestId })) {
      pending.delete(requestId);
      clearTimeout(timer);
      reject(new Error('This action is only available in the device app'));
    }
  });
}

/** Native events (e.g. 'sync' to run the outbox, 'licenceChanged'). */
export function onNativeEvent(listener: (name: string, data: unknown) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/**
 * The one handler of debriefs native code hands over (the app installs it at start). Debriefs that
 * arrived earlier are delivered now, in order.
 */
export function onNativeDebrief(listener: DebriefListener): () => void {
  debriefListener = listener;
  earlyDebriefs.splice(0).forEach((d) => listener(d.handoverId, d.debrief));
  return () => {
    if (debriefListener === listener) debriefListener = null;
  };
}

/** Answer a debrief hand-over (the `debriefhandover` handler). */
export function reportDebriefHandover(result: DebriefHandoverResult): boolean {
  return postNative('debriefhandover', result);
}

function receive(message: NativeMessage) {
  if (!message || typeof message !== 'object') return;
  if (message.type === 'deviceInfo') {
    deviceInfo = { hasInfo: Boolean(message.device_id), device_id: message.device_id ?? null, product: message.product ?? null };
    deviceListeners.forEach((l) => l());
  } else if (message.type === 'response') {
    const p = pending.get(message.requestId);
    if (!p) return;
    pending.delete(message.requestId);
    if (message.ok) p.resolve(message.data);
    else p.reject(new Error(message.error ?? 'The device reported an error'));
  } else if (message.type === 'event') {
    eventListeners.forEach((l) => l(message.name, message.data));
  } else if (message.type === 'debrief') {
    const handoverId = typeof message.handoverId === 'string' ? message.handoverId : '';
    if (debriefListener) debriefListener(handoverId, message.debrief);
    else earlyDebriefs.push({ handoverId, debrief: message.debrief });
  }
}

if (typeof window !== 'undefined') {
  // Messages native code queued before this module loaded are delivered now.
  const early = (window as unknown as { communityNativeQueue?: NativeMessage[] }).communityNativeQueue ?? [];
  w.communityNative = { receive };
  early.forEach(receive);
}

/**
 * Licence claim -> native (docs/native-bridge.md 'Licences'): the claim response goes to the handler
 * its `type` names: 'license' gets { type, license_string }, 'legacyLicense' gets
 * { type, legacy_license_string }. False outside the wrapper or when the handler is missing.
 */
export function sendLicenceToDevice(claim: { type: string; license_string?: string; legacy_license_string?: string }): boolean {
  const { type, license_string, legacy_license_string } = claim;
  return postNative(type, license_string !== undefined ? { type, license_string } : { type, legacy_license_string });
}

/** A notification handed to the wrapper (the 'notification' handler), which shows it itself: no Web Push in a WKWebView. */
export interface NativeNotification {
  id: number;
  title: string;
  body: string;
  /** The page to open on tap: native code sends it back as the event 'openNotification' { link }. */
  link: string;
  kind: string;
  created_at: string;
}

/** Hand a new notification to the wrapper; false outside it or when its handler is missing. */
export function sendNotificationToNative(n: NativeNotification): boolean {
  return postNative('notification', n);
}

/** Tell the device its licence was relinquished (the 'relinquish' handler). */
export function notifyRelinquished(licence: { license_id: number; device_id: string }): boolean {
  return postNative('relinquish', { license_id: licence.license_id, device_id: licence.device_id });
}

/** CTGi devices get only CTGi scenarios; others only non-CTGi; without device info everything (spec section 2). */
export function isCtgiDevice(info: DeviceInfo): boolean {
  return Boolean(info.product && info.product.toLowerCase().includes('ctgi'));
}

/** A file the page holds (e.g. a favourite kept offline), read a chunk at a time. */
export interface NativeFileTransfer {
  fileName: string;
  mimeType: string;
  size: number;
  chunkCount: number;
  /** Chunk `index` (0-based) of the file; chunks are at most ~1 MiB. */
  readChunk(index: number): Promise<Blob>;
}

/** Base64 of a Blob without building a string of its bytes first (FileReader, iPadOS 15 too). */
function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** How long the device may take to import a whole file after its last chunk. */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * Hand a file's content to a native import handler (`scenarioimport`, `mediaImport`) with no
 * network: a WKWebView cannot save a blob download, so the page sends the bytes itself,
 * as base64 chunks, each answered by the device before the next goes (docs/native-bridge.md,
 * "Offline downloads"). Rejects with the device's message; the device is told to drop a partial file.
 */
export async function sendFileToNative(name: 'scenarioimport' | 'mediaImport', file: NativeFileTransfer): Promise<void> {
  if (!isNativeApp() || !w.webkit?.messageHandlers?.[name]) throw new Error('This action is only available in the device app');
  const transferId = randomId();
  try {
    await requestNative(name, { transfer: 'begin', transferId, fileName: file.fileName, mimeType: file.mimeType, size: file.size, chunkCount: file.chunkCount });
    for (let index = 0; index < file.chunkCount; index++) {
      const data = await blobToBase64(await file.readChunk(index));
      await requestNative(name, { transfer: 'chunk', transferId, index, data });
    }
    await requestNative(name, { transfer: 'end', transferId }, IMPORT_TIMEOUT_MS);
  } catch (err) {
    postNative(name, { transfer: 'abort', transferId });
    throw err;
  }
}
