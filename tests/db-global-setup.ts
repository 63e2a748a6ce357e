// vitest global setup: migrated template databases that each test app copies (tests/db-templates.ts).
import { createDbTemplates } from './db-templates.js';

let remove: (() => void) | undefined;

export async function setup(): Promise<void> {
  remove = await createDbTemplates();
}

export async function teardown(): Promise<void> {
  remove?.();
}
