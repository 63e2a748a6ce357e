// A fake native iPad wrapper for e2e tests (DESIGN section 7). It installs
// window.webkit.messageHandlers.<name>, records every message in window.__nativeMessages,
// sends device info, and answers requests through window.communityNative.receive.
import type { Page } from '@playwright/test';

export interface FakeNativeOptions {
  deviceId?: string;
  product?: string;
  /** Canned answers per handler name, returned as { type: 'response', ok: true, data }. */
  responses?: Record<string, unknown>;
  /** Messages the wrapper hands the page as it opens (before the app's code has loaded). */
  atLaunch?: unknown[];
}

export async function installFakeNativeHost(page: Page, opts: FakeNativeOptions = {}) {
  await page.addInitScript((o: FakeNativeOptions) => {
    const names = ['mediaImport', 'scenarioimport', 'scenarioexport', 'getscenariospath', 'getscenariofile', 'relinquish', 'license', 'legacyLicense'];
    const w = window as unknown as Record<string, unknown>;
    const messages: { name: string; payload: unknown }[] = [];
    w.__nativeMessages = messages;
    const deliver = (msg: unknown) => {
      const bridge = w.communityNative as { receive(m: unknown): void } | undefined;
      if (bridge) bridge.receive(msg);
      else ((w.communityNativeQueue as unknown[]) ??= []).push(msg);
    };
    const handlers: Record<string, { postMessage(p: unknown): void }> = {};
    for (const name of names.concat(Object.keys(o.responses ?? {}))) {
      handlers[name] = {
        postMessage(payload: unknown) {
          messages.push({ name, payload });
          const requestId = (payload as { requestId?: string } | null)?.requestId;
          if (requestId) setTimeout(() => deliver({ type: 'response', requestId, ok: true, data: o.responses?.[name] ?? null }), 10);
        },
      };
    }
    w.webkit = { messageHandlers: handlers };
    if (o.deviceId) deliver({ type: 'deviceInfo', device_id: o.deviceId, product: o.product ?? 'REALITi' });
    (o.atLaunch ?? []).forEach(deliver);
  }, opts);
}

export async function nativeMessages(page: Page): Promise<{ name: string; payload: unknown }[]> {
  return page.evaluate(() => (window as unknown as { __nativeMessages: { name: string; payload: unknown }[] }).__nativeMessages ?? []);
}
