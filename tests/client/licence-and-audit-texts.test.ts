// @vitest-environment happy-dom
// Words that src/shared writes in English and the client shows in the user's language: the audit
// log's action names (by action code, an unknown code as itself) and the licence screens' agreement
// types, kit colours and claim form checks. English stays exactly the shared text.
import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../src/client/i18n';
import { auditActionText } from '../../src/client/features/admin/components/audit-action';
import { agreementTypeLabel, fieldMessage, kitColourLabel, ownerTypeLabel } from '../../src/client/features/licences/components/texts';
import { AUDIT_ACTIONS } from '../../src/shared/schemas/admin';
import { KIT_COLOURS } from '../../src/shared/enums';
import {
  AGREEMENT_TYPE_LABELS,
  CLAIM_ERROR_PREFIX,
  KIT_COLOUR_REQUIRED,
  NO_MODULES_TEXT,
  SERIAL_HINT,
  SERIAL_REQUIRED,
} from '../../src/shared/schemas/licences';

// The admin screens' texts come with their routes (router.tsx withNamespaces), as here.
const inLanguage = async (lng: 'en' | 'de') => {
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(['admin', 'licences']);
  return { admin: i18n.getFixedT(lng, 'admin'), licences: i18n.getFixedT(lng, 'licences') };
};

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('audit log action names', () => {
  it('are the shared English words in English', async () => {
    const { admin } = await inLanguage('en');
    for (const [code, label] of Object.entries(AUDIT_ACTIONS)) expect(auditActionText(admin, code), code).toBe(label);
  });

  it('are German for a German user, every action its own words', async () => {
    const { admin } = await inLanguage('de');
    expect(auditActionText(admin, 'user.disable')).toBe('Benutzer deaktiviert');
    expect(auditActionText(admin, 'post.report.ignore')).toBe('Meldung ignoriert');
    expect(auditActionText(admin, 'licence.contract.create')).toBe('Lizenzvertrag angelegt');
    const german = Object.keys(AUDIT_ACTIONS).map((code) => auditActionText(admin, code));
    for (const [i, code] of Object.keys(AUDIT_ACTIONS).entries()) expect(german[i], code).not.toBe(AUDIT_ACTIONS[code]);
    expect(new Set(german).size).toBe(german.length);
  });

  it('an action the app does not know shows as its code', async () => {
    const { admin } = await inLanguage('de');
    expect(auditActionText(admin, 'group.archive')).toBe('group.archive');
    expect(auditActionText(admin, 'post.report')).toBe('post.report');
    expect(auditActionText(admin, 'toString')).toBe('toString');
  });
});

describe('licence words', () => {
  it('are the shared English texts in English', async () => {
    const { licences } = await inLanguage('en');
    for (const [type, label] of Object.entries(AGREEMENT_TYPE_LABELS)) expect(agreementTypeLabel(licences, Number(type))).toBe(label);
    expect(kitColourLabel(licences, 'orange')).toBe('Orange');
    expect(KIT_COLOURS.map((c) => kitColourLabel(licences, c))).toEqual(KIT_COLOURS.map((c) => c.charAt(0).toUpperCase() + c.slice(1)));
    expect(licences('noModules')).toBe(NO_MODULES_TEXT);
    expect(licences('serialHint')).toBe(SERIAL_HINT);
    expect(licences('claimErrorPrefix')).toBe(CLAIM_ERROR_PREFIX);
    expect(fieldMessage(licences, KIT_COLOUR_REQUIRED)).toBe(KIT_COLOUR_REQUIRED);
    expect(fieldMessage(licences, SERIAL_REQUIRED)).toBe(SERIAL_REQUIRED);
  });

  it('are German for a German user; unknown values show as they are', async () => {
    const { licences } = await inLanguage('de');
    expect(agreementTypeLabel(licences, 1)).toBe('Unbefristet');
    expect(agreementTypeLabel(licences, 7)).toBe('7');
    expect(kitColourLabel(licences, 'white')).toBe('Weiß');
    expect(kitColourLabel(licences, 'teal')).toBe('Teal');
    expect(ownerTypeLabel(licences, 'organisation')).toBe('Organisation');
    expect(ownerTypeLabel(licences, 'user')).toBe('Benutzer');
    expect(fieldMessage(licences, KIT_COLOUR_REQUIRED)).toBe('Bitte wählen Sie eine Kit-Farbe');
    expect(fieldMessage(licences, SERIAL_REQUIRED)).toBe('Bitte geben Sie die Seriennummer des Geräts ein');
    expect(fieldMessage(licences, 'Something else')).toBe('Something else');
  });
});

describe('offline reasons', () => {
  it('an unsent item\'s reason and a favourite not kept are German for a German user, English as written', async () => {
    const { offlineMessage } = await import('../../src/client/offline/messages');
    const { NOT_CONFIRMED_MESSAGE, SIGN_IN_AGAIN_MESSAGE } = await import('../../src/client/offline/outbox-core');
    await i18n.changeLanguage('en');
    const en = i18n.getFixedT('en', 'offline');
    expect(offlineMessage(en, NOT_CONFIRMED_MESSAGE)).toBe(NOT_CONFIRMED_MESSAGE);
    expect(offlineMessage(en, 'Not enough storage on this device to keep "Airway" offline')).toBe('Not enough storage on this device to keep "Airway" offline');
    await i18n.changeLanguage('de');
    const de = i18n.getFixedT('de', 'offline');
    expect(offlineMessage(de, SIGN_IN_AGAIN_MESSAGE)).toBe('Melden Sie sich erneut an, um dies zu senden');
    expect(offlineMessage(de, '"Airway" could not be kept offline')).toBe('„Airway“ konnte nicht offline gespeichert werden');
    expect(offlineMessage(de, 'Die Datei ist zu groß.')).toBe('Die Datei ist zu groß.');
  });
});
