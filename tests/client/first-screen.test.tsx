// @vitest-environment happy-dom
// What waits for the first screen (src/client/lib/first-screen.ts): a part below a screen's first
// view asks for its data once the first screen has been painted, at once on every later screen.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useFirstScreen, useFirstScreenShown } from '../../src/client/lib/first-screen';

afterEach(cleanup);

function Below() {
  return <p>{useFirstScreenShown() ? 'asking' : 'waiting'}</p>;
}

function Screen({ ready }: { ready: boolean }) {
  useFirstScreen(ready);
  return <Below />;
}

describe('the first screen', () => {
  it('holds what is below the first view until the first screen is painted, then never again', async () => {
    const { rerender } = render(<Screen ready={false} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    // The screen's content is there: after the next paint the parts below it ask.
    rerender(<Screen ready />);
    expect(await screen.findByText('asking')).toBeTruthy();
    cleanup();
    // A later screen's parts ask from their first render.
    await act(async () => render(<Below />));
    expect(screen.getByText('asking')).toBeTruthy();
  });
});
