// The create-post box at the top of the feed and of a group page; it opens the modal (page 'none'
// means closed).
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('feed');
  return (
    <section className="card create-post-box" aria-label={t('createAPost')}>
      <button type="button" className="create-post-prompt" onClick={() => setOpen('post')}>
        {target ? t('shareWithGroup', { group: target.groupName }) : t('shareWithCommunity')}
      </button>
      <div className="row create-post-kinds">
        <button type="button" className="btn" onClick={() => setOpen('post')}>{t('Post')}</button>
        <button type="button" className="btn" onClick={() => setOpen('scenario')}>{t('Scenario')}</button>
        <button type="button" className="btn" onClick={() => setOpen('media')}>{t('Media')}</button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <CreatePostModal initialType={open} onClose={close} target={target} />
        </Suspense>
      )}
    </section>
  );
}
