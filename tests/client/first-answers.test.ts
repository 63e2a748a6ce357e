// @vitest-environment happy-dom
// The answers the server writes into the page for a signed-in visitor's first screen
// (lib/first-answers.ts): api() hands each out once, in the page's first seconds, for a GET only,
// and asks the server for everything else.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ANSWERS_ID } from '../../src/shared/first-answers';

function writeAnswers(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ID;
  script.textContent = text;
  document.head.append(script);
}

describe('first answers', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'server' }), { status: 200, headers: { 'content-type': 'application/json' } }));

  beforeEach(() => {
    vi.resetModules();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.getElementById(FIRST_ANSWERS_ID)?.remove();
  });

  it('answers a GET from the page once, then asks the server; the element goes', async () => {
    writeAnswers(JSON.stringify({ '/api/alltags': [{ id: 1, title: 'Airway' }] }));
    const { api } = await import('../../src/client/lib/api');
    expect(await api('/api/alltags')).toEqual([{ id: 1, title: 'Airway' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(await api('/api/alltags')).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never answers another URL, nor a write to the same URL', async () => {
    writeAnswers(JSON.stringify({ '/api/alltags': [] }));
    const { api } = await import('../../src/client/lib/api');
    expect(await api('/api/alltags?x=1')).toEqual({ from: 'server' });
    expect(await api('/api/alltags', { method: 'POST', body: {} })).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used once the page is more than a few seconds old', async () => {
    writeAnswers(JSON.stringify({ '/api/alltags': [] }));
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const { api } = await import('../../src/client/lib/api');
    expect(await api('/api/alltags')).toEqual({ from: 'server' });
  });

  it('set aside (a sign-out from this device sent first), they answer nothing; the element goes', async () => {
    writeAnswers(JSON.stringify({ '/api/users/me': { id: 7 } }));
    const { api } = await import('../../src/client/lib/api');
    const { dropFirstAnswers } = await import('../../src/client/lib/first-answers');
    dropFirstAnswers();
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(await api('/api/users/me')).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the page has none, or they were cut short', async () => {
    writeAnswers('{"/api/alltags": [');
    const { api } = await import('../../src/client/lib/api');
    expect(await api('/api/alltags')).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
