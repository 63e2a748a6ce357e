// @vitest-environment happy-dom
// Picking a person in the mention list writes '@username ' and leaves the caret after it at once:
// what is typed straight after the pick (a quick typist, a slow tablet) follows the mention, in order.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import i18n from '../../src/client/i18n';
import { MentionTextarea } from '../../src/client/features/posts/components/mention-textarea';

afterEach(cleanup);

const emma = { id: 2, uuid_id: 'ce429286-67cb-48aa-82c9-5c5b145a9e6a', username: 'educator', first_name: 'Emma', last_name: 'Educator' };

function Box() {
  const [value, setValue] = useState('');
  return <MentionTextarea id="reply" aria-label="Write a reply" value={value} onValueChange={setValue} scope={null} />;
}

/** Type one character at the caret, as a browser does: the value changes, then the input event. */
function typeAtCaret(box: HTMLTextAreaElement, text: string) {
  for (const ch of text) {
    const at = box.selectionStart;
    const next = box.value.slice(0, at) + ch + box.value.slice(box.selectionEnd);
    fireEvent.change(box, { target: { value: next, selectionStart: at + 1, selectionEnd: at + 1 } });
    box.setSelectionRange(at + 1, at + 1);
  }
}

// The texts of the screens that hold it, which come with their routes in the app.
beforeAll(() => i18n.loadNamespaces(['feed', 'conversation']));

describe('mention text box', () => {
  it('what is typed right after a pick follows the mention', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The people the list offers for 'educ' (the server's answer, already read).
    client.setQueryData(['mention-candidates', null, 'educ'], { users: [emma] });
    render(
      <QueryClientProvider client={client}>
        <Box />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Write a reply' }) as HTMLTextAreaElement;
    box.focus();
    typeAtCaret(box, 'Ask @educ');
    // The term settles before people are looked up.
    await screen.findByRole('option', { name: /Emma Educator/ }, { timeout: 2000 });

    act(() => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(box.value).toBe('Ask @educator ');
    expect(box.selectionStart).toBe('Ask @educator '.length);
    // Typed before the next frame is drawn.
    act(() => typeAtCaret(box, 'ab'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    act(() => typeAtCaret(box, 'out'));
    expect(box.value).toBe('Ask @educator about');
  });
});
