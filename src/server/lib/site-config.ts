// Site settings from the environment (README 'Configuration'): the web editor's address and the
// support offices shown on /me/support.
import * as v from 'valibot';
import { supportOfficeSchema, type SupportOffice } from '../../shared/schemas/site.js';

/**
 * The offices shown when SUPPORT_OFFICES is not set. The telephone numbers are in the ranges the
 * Australian, North American and German regulators keep for fiction, so a demo never rings anyone:
 * set SUPPORT_OFFICES for a real deployment.
 */
export const DEFAULT_SUPPORT_OFFICES: SupportOffice[] = [
  { region: 'Australia', name: 'iSimulate Pty Ltd', address: 'Canberra ACT 2601, Australia', phone: '+61 2 5550 1234', email: 'support@isimulate.com', hours: 'Mon-Fri 9:00-17:00 AEST' },
  { region: 'America', name: 'iSimulate Inc.', address: 'Albany, NY 12207, United States', phone: '+1 518 555 0142', email: 'support.americas@isimulate.com', hours: 'Mon-Fri 9:00-17:00 EST' },
  { region: 'Europe', name: 'iSimulate GmbH', address: '10117 Berlin, Germany', phone: '+49 30 23125 456', email: 'support.europe@isimulate.com', hours: 'Mon-Fri 9:00-17:00 CET' },
];

/** SUPPORT_OFFICES: a JSON array of { region, name, address, phone, email, hours }. */
export function parseSupportOffices(json: string | undefined): SupportOffice[] {
  if (!json) return DEFAULT_SUPPORT_OFFICES;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('Invalid configuration SUPPORT_OFFICES: not JSON');
  }
  const result = v.safeParse(v.array(supportOfficeSchema), value);
  if (!result.success) throw new Error(`Invalid configuration SUPPORT_OFFICES: ${result.issues[0].message}`);
  return result.output;
}

/** WEB_EDITOR_URL: an http(s) address, or nothing (no editor links). */
export function parseWebEditorUrl(value: string | undefined): string {
  const url = (value ?? '').trim();
  if (!url) return '';
  if (!/^https?:\/\/[^\s/]+/i.test(url)) throw new Error('Invalid configuration WEB_EDITOR_URL: must be an http(s) address');
  return url;
}
