// /scenarios: the scenario library with filters, search, page size and the paginator (spec section 2).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../../../shared/limits';
import { scenarioLibraryParams } from '../../../../shared/first-answers';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { useScenarios } from '../api/get-scenarios';
import { useAllTags } from '../../../lib/tags';
import { ScenarioCard } from '../components/card/scenario-card';
import { ScenarioFilters, type LibraryFilterState } from '../components/scenario-filters';
import { AddScenarioMenu } from '../components/add-scenario-menu';
import { useExchangeT } from '../../../i18n/exchange';

export function Component() {
  const [params, setParams] = useSearchParams();
  // (The same the route's loader reads: app/screen-loaders.ts.)
  const { page, offset, ...filters } = scenarioLibraryParams(params);
  const { data, isLoading, error } = useScenarios({ ...filters, offset });
  const tags = useAllTags();
  const t = useExchangeT();
  const { t: ts } = useTranslation('scenarios');

  const update = (next: Partial<LibraryFilterState> & { page?: number; sort?: 'newest' | 'rating' }) => {
    const merged = { ...filters, ...next };
    const p = new URLSearchParams();
    if (merged.sort === 'rating') p.set('sort', 'rating');
    if (merged.search.trim()) p.set('q', merged.search.trim());
    if (merged.age !== -1) p.set('age', String(merged.age));
    if (merged.condition !== -1) p.set('condition', String(merged.condition));
    if (merged.tagIds.length) p.set('tags', merged.tagIds.join(','));
    if (merged.language) p.set('lang', merged.language);
    if (merged.count !== PAGE_SIZE.scenarioLibrary) p.set('size', String(merged.count));
    if (next.page) p.set('page', String(next.page + 1));
    setParams(p);
  };

  const pageCount = data ? Math.ceil(data.total / filters.count) : 0;
  return (
    <div className="scenarios-page">
      <div className="page-header">
        <h1>{ts('library.title')}</h1>
        <div className="row-actions">
          <label className="inline-field">
            {t('sortLabel')}{' '}
            <select value={filters.sort ?? 'newest'} onChange={(e) => update({ sort: e.target.value === 'rating' ? 'rating' : 'newest', page: 0 })}>
              <option value="newest">{t('sortNewest')}</option>
              <option value="rating">{t('sortRating')}</option>
            </select>
          </label>
          <AddScenarioMenu />
        </div>
      </div>
      <div className="library-layout">
        <ScenarioFilters value={filters} tags={tags.data ?? []} onChange={(n) => update({ ...n, page: 0 })} onClear={() => setParams(new URLSearchParams())} />
        <section aria-label={ts('library.results')} className="library-results">
          {isLoading && <Spinner label={ts('library.loading')} />}
          {error && <div className="alert error">{error instanceof ApiError ? error.message : ts('actions.invalidResponse')}</div>}
          {data && data.total === 0 && (
            <div className="card empty-state no-results">
              <h2>{ts('library.noResultsTitle')}</h2>
              <p>{ts('library.noResultsText')}</p>
            </div>
          )}
          {data && data.total > 0 && (
            <>
              <p className="muted" data-testid="result-count">{ts('library.showing', { from: data.from, to: data.to, count: data.total })}</p>
              {data.scenarios.map((s) => (
                <ScenarioCard key={s.id} scenario={s} />
              ))}
              <Paginator pageCount={pageCount} page={page} onPageChange={(p) => update({ page: p })} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
