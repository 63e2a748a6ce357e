// The 'attach existing' page of the create-post modal: a paginated grid of my scenarios or my
// approved media; choosing one that is already attached simply returns to Create.
import { useState } from 'react';
import { Paginator } from '../paginator';
import { Spinner } from '../spinner';
import { ATTACH_PAGE_SIZE, useAttachables, type Attachable, type AttachKind, type AttachScope } from './api/get-attachables';
import { deviceThumb } from './post-card';
import { PictureIcon } from '../icons';

export function AttachPicker({ kind, scope, onPick, onUploadNew }: { kind: AttachKind; scope: AttachScope; onPick: (item: Attachable) => void; onUploadNew: () => void }) {
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, error } = useAttachables(kind, page, scope, true);
  if (isLoading) return <Spinner label="Loading your library" />;
  if (isError) return <p className="alert error">{(error as Error).message}</p>;
  const items = data?.items ?? [];
  if (!items.length && page === 0) {
    return (
      <div className="empty-state picker-empty">
        <p>{kind === 'scenario' ? 'No available scenarios' : 'No available media'}</p>
        <button type="button" className="btn primary" onClick={onUploadNew}>Upload New</button>
      </div>
    );
  }
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / ATTACH_PAGE_SIZE));
  return (
    <div>
      <ul className="picker-grid" aria-label={kind === 'scenario' ? 'Your scenarios' : 'Your media'}>
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="picker-item" onClick={() => onPick(item)}>
              {kind === 'scenario' ? (
                <img src={deviceThumb(item.device_id)} alt="" />
              ) : item.signed_thumb_url ? (
                <img src={item.signed_thumb_url} alt="" />
              ) : (
                <span className="picker-fallback" aria-hidden="true"><PictureIcon /></span>
              )}
              <span className="picker-name">{item.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <Paginator pageCount={pageCount} page={page} onPageChange={setPage} />
    </div>
  );
}
