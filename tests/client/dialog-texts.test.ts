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
