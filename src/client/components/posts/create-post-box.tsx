// The create-post box at the top of the feed and of a group page; it opens the modal (page 'none'
// means closed).
import { useCallback, useState } from 'react';
import type { PostType } from '../../../shared/schemas/posts';
import type { PostTarget } from './api/create-post';
import { CreatePostModal } from './create-post-modal';

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
      {open && <CreatePostModal initialType={open} onClose={close} target={target} />}
    </section>
  );
}
