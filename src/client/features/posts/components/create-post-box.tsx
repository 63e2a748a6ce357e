// The create-post box at the top of the feed and of a group page; it opens the modal (page 'none'
// means closed).
import { Suspense, useCallback, useState } from 'react';
import { lazyNow } from '../../../lib/lazy-now';
import type { PostType } from '../../../../shared/schemas/posts';
import type { PostTarget } from '../api/create-post';

// The form (react-hook-form, valibot, the outbox) stays out of the first screen's script, and is
// fetched at once so the box still opens after the network dropped (a post written offline waits
// in the outbox).
const CreatePostModal = lazyNow(() => import('./create-post-modal').then((m) => ({ default: m.CreatePostModal })));

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
