// The create-post box at the top of the feed and of a group page; it opens the modal (page 'none'
// means closed).
import { lazy, Suspense, useCallback, useState } from 'react';
import type { PostType } from '../../../shared/schemas/posts';
import type { PostTarget } from './api/create-post';

// The form (react-hook-form, valibot, the outbox) loads when the box is first used.
const CreatePostModal = lazy(() => import('./create-post-modal').then((m) => ({ default: m.CreatePostModal })));

export function CreatePostBox({ target }: { target?: PostTarget }) {
  const [open, setOpen] = useState<PostType | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <section className="card create-post-box" aria-label="Create a post">
      <button type="button" className="create-post-prompt" onClick={() => setOpen('post')}>
        {target ? `Share something with ${target.groupName}...` : 'Share something with the community...'}
      </button>
      <div className="row create-post-kinds">
        <button type="button" className="btn" onClick={() => setOpen('post')}>Post</button>
        <button type="button" className="btn" onClick={() => setOpen('scenario')}>Scenario</button>
        <button type="button" className="btn" onClick={() => setOpen('media')}>Media</button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <CreatePostModal initialType={open} onClose={close} target={target} />
        </Suspense>
      )}
    </section>
  );
}
