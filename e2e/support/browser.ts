// The browser the specs run in; none is downloaded. Debian's old headless shell
// (chromium-headless-shell: Chromium's page engine without the desktop browser around it) when it
// is installed, else Debian's Chromium. The shell opens a page for about a third of the processor
// time the full browser takes (a new page, its renderer and its first screen), and the suite is
// bound by the processor: the browser tests ran in 239 s instead of 399 s on the 2-core machine.
// What the shell lacks, a spec asks of the full browser with `test.use({ launchOptions: fullChromium })`:
// notifications (it has no notification service, so a service worker's showNotification shows nothing).
import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** Debian's Chromium: CHROMIUM_PATH, else /usr/bin/chromium. */
export const fullChromium: LaunchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args };

/** The headless shell: CHROMIUM_HEADLESS_SHELL_PATH (empty: never), else /usr/bin/chromium-headless-shell when installed. */
const shellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** What the specs run in unless they ask for the full browser. */
export const suiteBrowser: LaunchOptions = shellPath && fs.existsSync(shellPath) ? { executablePath: shellPath, args } : fullChromium;
