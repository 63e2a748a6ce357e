// @vitest-environment happy-dom
// The owner of a scenario that cannot be published yet is told what to add, with a link to its edit
// screen, in their language.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18n from '../../src/client/i18n';
import { NotPublishableNotice } from '../../src/client/features/scenarios/components/not-publishable-notice';

// The screen's texts, which come with its route in the app.
beforeAll(() => i18n.loadNamespaces(['scenarios', 'exchange']));

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const show = () =>
  render(
    <MemoryRouter>
      <NotPublishableNotice uuidId="0b6f9c1e-2f57-4a3b-9a8e-5c1d2e3f4a5b" />
    </MemoryRouter>,
  );

describe('not publishable notice', () => {
  it('says what to add and links to the edit screen', () => {
    show();
    const link = screen.getByRole('link', { name: 'Add a description, categories and tags' });
    expect(link.getAttribute('href')).toBe('/scenario/0b6f9c1e-2f57-4a3b-9a8e-5c1d2e3f4a5b/edit');
    expect(link.parentElement?.textContent).toBe('This scenario is not yet publishable. Add a description, categories and tags so others can find it.');
  });

  it('in German once the German catalogues are fetched', async () => {
    await i18n.changeLanguage('de');
    show();
    const link = screen.getByRole('link', { name: 'Fügen Sie eine Beschreibung, Kategorien und Schlagwörter hinzu' });
    expect(link.getAttribute('href')).toBe('/scenario/0b6f9c1e-2f57-4a3b-9a8e-5c1d2e3f4a5b/edit');
    expect(link.parentElement?.textContent).toBe('Dieses Szenario kann noch nicht veröffentlicht werden. Fügen Sie eine Beschreibung, Kategorien und Schlagwörter hinzu, damit andere es finden können.');
    expect(document.documentElement.lang).toBe('de');
  });
});
