// @vitest-environment happy-dom
// The texts that screens hand to the shared dialogs and toasts in English (titles such as 'Error',
// the media screens' messages) are shown in the user's language: both look each one up in the
// common catalogue's 'messages'; any other text (a server answer, already in the request's
// language) shows as it is.
import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../src/client/i18n';
import { translateMessage } from '../../src/client/i18n/messages';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('dialog and toast texts', () => {
  const texts = ['Error', 'Reason for decline', 'No reason was given.', 'Updated!', 'Your media has been updated.', 'Whoops! We had some trouble updating your media.', 'Media deleted.', 'Sent to the device', 'Saved on this device; it will sync when the network returns'];

  it('stay as written in English', async () => {
    await i18n.changeLanguage('en');
    for (const text of texts) expect(translateMessage(text)).toBe(text);
  });

  it('are in German for a German user', async () => {
    await i18n.changeLanguage('de');
    expect(texts.map((text) => translateMessage(text))).toEqual([
      'Fehler',
      'Grund der Ablehnung',
      'Es wurde kein Grund angegeben.',
      'Aktualisiert!',
      'Ihr Medium wurde aktualisiert.',
      'Hoppla! Beim Aktualisieren Ihres Mediums ist ein Problem aufgetreten.',
      'Medium gelöscht.',
      'An das Gerät gesendet',
      'Auf diesem Gerät gespeichert; wird synchronisiert, sobald das Netz wieder verfügbar ist',
    ]);
    expect(translateMessage('Der Server sagt etwas anderes.')).toBe('Der Server sagt etwas anderes.');
  });
});

describe('every text the screens hand to a dialog or a toast', () => {
  it('has its German in the catalogue (found in the sources)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const files = (fs.readdirSync('src/client', { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join('src/client', f));
    const found = new Set<string>();
    // alert('Title', 'Text') and toast('Text'): every literal in the call's line (a fallback after || too).
    for (const file of files) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        const at = line.search(/\b(?:alert|toast)\(/);
        // (Not the keys given to t(), looked up in their own catalogue, nor a toast's kind such as 'error'.)
        if (at < 0) continue;
        const call = line.slice(at).replace(/(?:\bt|\bi18n\.t)\([^()]*\)/g, '');
        for (const lit of call.matchAll(/'([^'\n]+)'/g)) if (!/^[a-z][A-Za-z.]*$/.test(lit[1])) found.add(lit[1]);
      }
    }
    expect(found.size).toBeGreaterThan(10);
    await i18n.changeLanguage('de');
    const untranslated = [...found].filter((text) => translateMessage(text) === text);
    expect(untranslated).toEqual([]);
  });
});
