// Media library (spec section 2): search, type filter (All, Image, Video), tag filter, Upload Media,
// 9 per page, 'N Media Item(s) available', 'No available media'. Filters live in the URL.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { TagSelector } from '../../../components/tag-selector';
import { PAGE_SIZE } from '../../../../shared/limits';
import { mediaLibraryParams } from '../../../../shared/first-answers';
import { useMediaLibrary } from '../api/get-media-library';
import { useAllTags } from '../../../lib/tags';
import { MediaTile } from '../components/media-tile';
import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation('media');
  const [params, setParams] = useSearchParams();
  // (The same the route's loader reads: app/screen-loaders.ts.)
  const library = mediaLibraryParams(params);
  const { page, type, tagIds, search } = library;
  const [term, setTerm] = useState(search);
  const tags = useAllTags();
  const { data, isPending, isError, error } = useMediaLibrary(library);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: term.trim() });
  };
  const pageCount = data ? Math.ceil(data.total / PAGE_SIZE.mediaLibrary) : 0;

  return (
    <section className="media-library">
      <div className="page-header">
        <h1>{t('library.media')}</h1>
        <Link className="btn primary" to="/media/upload">{t('library.uploadMedia')}</Link>
      </div>
      <div className="card media-filters">
        <form role="search" onSubmit={submit} className="media-search">
          <label htmlFor="media-search">{t('library.searchMedia')}</label>
          <div className="row">
            <input id="media-search" type="search" value={term} onChange={(e) => setTerm(e.target.value)} placeholder={t('library.searchByNameDescription')} />
            <button type="submit" className="btn">{t('library.search')}</button>
          </div>
        </form>
        <div className="row media-filter-row">
          <div>
            <label htmlFor="media-type">{t('library.fileType')}</label>
            <select id="media-type" value={type} onChange={(e) => update({ type: e.target.value === '-1' ? null : e.target.value })}>
              <option value={-1}>{t('library.all')}</option>
              <option value={0}>{t('library.image')}</option>
              <option value={1}>{t('library.video')}</option>
            </select>
          </div>
          <details className="media-tag-filter">
            <summary>{t('library.tags')}{tagIds.length ? ` (${tagIds.length})` : ''}</summary>
            <TagSelector label={t('library.filterByTag')} tags={tags.data ?? []} selected={tagIds} onChange={(ids) => update({ tags: ids.join(',') })} />
          </details>
          {(tagIds.length > 0 || type !== -1 || search) && (
            <button type="button" className="btn link" onClick={() => { setTerm(''); setParams(new URLSearchParams(), { replace: true }); }}>{t('library.clear')}</button>
          )}
        </div>
      </div>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <div className="alert error" role="alert">{error.message}</div>
      ) : data.total === 0 ? (
        <EmptyState title={t('library.noAvailableMedia')} />
      ) : (
        <>
          <p className="muted" data-testid="media-count">{t('library.count', { count: data.total })}</p>
          <div className="grid media-grid">
            {data.media.map((m, i) => <MediaTile key={m.id} media={m} position={i} />)}
          </div>
          <Paginator pageCount={pageCount} page={Math.min(page, pageCount - 1)} onPageChange={(p) => update({ page: p ? String(p) : null })} />
        </>
      )}
    </section>
  );
}
