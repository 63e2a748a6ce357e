// The 'attach existing' page of the create-post modal: a paginated grid of my scenarios or my
// approved media; choosing one that is already attached simply returns to Create. A post shows
// only public media to others (the server refuses private items), so a private item is shown
// as not shareable, says why, and offers 'Make public' in one step.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrivacyLevel } from '../../../../shared/enums';
import { MEDIA_ALT_TEXT_MAX } from '../../../../shared/schemas/media';
import { useMakeMediaPublic } from '../api/make-media-public';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { ATTACH_PAGE_SIZE, useAttachables, type Attachable, type AttachKind, type AttachScope } from '../api/get-attachables';
import { deviceThumb } from './post-card';
import { PictureIcon } from '../../../components/icons';
import { useExchangeT } from '../../../i18n/exchange';

export function AttachPicker({ kind, scope, onPick, onUploadNew }: { kind: AttachKind; scope: AttachScope; onPick: (item: Attachable) => void; onUploadNew: () => void }) {
  const [page, setPage] = useState(0);
  const [confirmed, setConfirmed] = useState<Set<number>>(() => new Set());
  const t = useExchangeT();
  const { t: tf } = useTranslation('feed');
  const { data, isLoading, isError, error } = useAttachables(kind, page, scope, true);
  const makePublic = useMakeMediaPublic();
  if (isLoading) return <Spinner label={tf('picker.loading')} />;
  if (isError) return <p className="alert error">{(error as Error).message}</p>;
  const items = data?.items ?? [];
  if (!items.length && page === 0) {
    return (
      <div className="empty-state picker-empty">
        <p>{kind === 'scenario' ? tf('picker.noScenarios') : tf('picker.noMedia')}</p>
        <button type="button" className="btn primary" onClick={onUploadNew}>{tf('uploadNew')}</button>
      </div>
    );
  }
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / ATTACH_PAGE_SIZE));
  return (
    <div>
      <ul className="picker-grid" aria-label={kind === 'scenario' ? tf('picker.yourScenarios') : tf('picker.yourMedia')}>
        {items.map((item) => {
          const isPrivate = kind === 'media' && item.privacy_level !== undefined && item.privacy_level !== PrivacyLevel.Public;
          const publishing = makePublic.isPending && makePublic.variables?.id === item.id;
          const needsAlt = isPrivate && !item.is_video && !item.alt_text;
          return (
            <li key={item.id}>
              <button type="button" className="picker-item" disabled={isPrivate} aria-describedby={isPrivate ? `picker-why-${item.id}` : undefined} onClick={() => onPick(item)}>
                {kind === 'scenario' ? (
                  <img src={deviceThumb(item.device_id)} alt="" />
                ) : item.signed_thumb_url ? (
                  <img src={item.signed_thumb_url} alt="" />
                ) : (
                  <span className="picker-fallback" aria-hidden="true"><PictureIcon /></span>
                )}
                <span className="picker-name">{item.name}</span>
              </button>
              {isPrivate && (
                <div className="picker-why">
                  <p id={`picker-why-${item.id}`}>{tf('picker.private')}</p>
                  <form
                    className="picker-publish"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const alt = needsAlt ? String(new FormData(e.currentTarget).get('alt_text') ?? '') : undefined;
                      makePublic.mutate({ id: item.id, altText: alt, confirmed: confirmed.has(item.id) });
                    }}
                  >
                    {needsAlt && (
                      <>
                        <label htmlFor={`picker-alt-${item.id}`}>{tf('picker.altTextFor', { name: item.name })}</label>
                        <input id={`picker-alt-${item.id}`} name="alt_text" maxLength={MEDIA_ALT_TEXT_MAX} aria-describedby={`picker-alt-help-${item.id}`} />
                        <p className="help" id={`picker-alt-help-${item.id}`}>{tf('picker.altHelp')}</p>
                      </>
                    )}
                    <label className="check-row">
                      <input type="checkbox" checked={confirmed.has(item.id)} onChange={(e) => setConfirmed((prev) => {
                        const next = new Set(prev);
                        if (e.target.checked) next.add(item.id);
                        else next.delete(item.id);
                        return next;
                      })} /> {t('confirmText')}
                    </label>
                    <button type="submit" className="btn small" disabled={publishing}>
                      {publishing ? tf('picker.makingPublic') : tf('picker.makePublic')}
                    </button>
                  </form>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {kind === 'media' && <p className="muted picker-hint">{tf('picker.mediaHint')}</p>}
      {makePublic.isError && <p className="alert error" role="alert">{(makePublic.error as Error).message}</p>}
      <Paginator pageCount={pageCount} page={page} onPageChange={setPage} />
    </div>
  );
}
