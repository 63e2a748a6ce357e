// /me/scenarios/:directoryUuid? : my scenarios, 5 per page, a sort menu, the folder tree, and the two
// empty states with a link to upload (spec section 2).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../../../shared/limits';
import type { DirectoryNode, MySortField } from '../../../../shared/schemas/scenarios';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api';
import { useMyScenarios } from '../api/get-my-scenarios';
import { useDirectoryTree } from '../api/get-directory-tree';
import { ScenarioCard } from '../components/card/scenario-card';
import { AddScenarioMenu } from '../components/add-scenario-menu';
import { FolderIcon } from '../../../components/icons';

/** The sort menu; each label is the catalogue's mine.sort.<label>. */
const SORTS: { key: string; label: 'processing' | 'newest' | 'oldest' | 'nameAsc' | 'nameDesc'; field: MySortField; direction: 'ASC' | 'DESC' }[] = [
  { key: 'processing', label: 'processing', field: 'isProcessed', direction: 'ASC' },
  { key: 'newest', label: 'newest', field: 'contributedAt', direction: 'DESC' },
  { key: 'oldest', label: 'oldest', field: 'contributedAt', direction: 'ASC' },
  { key: 'name-asc', label: 'nameAsc', field: 'name', direction: 'ASC' },
  { key: 'name-desc', label: 'nameDesc', field: 'name', direction: 'DESC' },
];

function Tree({ nodes }: { nodes: DirectoryNode[] }) {
  if (!nodes.length) return null;
  return (
    <ul className="dir-tree">
      {nodes.map((n) => (
        <li key={n.uuid}>
          <NavLink to={`/me/scenarios/${n.uuid}`}><FolderIcon /> {n.name}</NavLink>
          <Tree nodes={n.children} />
        </li>
      ))}
    </ul>
  );
}

function findPath(nodes: DirectoryNode[], uuid: string, trail: DirectoryNode[] = []): DirectoryNode[] | null {
  for (const n of nodes) {
    if (n.uuid === uuid) return [...trail, n];
    const found = findPath(n.children, uuid, [...trail, n]);
    if (found) return found;
  }
  return null;
}

export function Component() {
  const { directoryUuid } = useParams();
  const { t } = useTranslation('scenarios');
  const [sortKey, setSortKey] = useState('processing');
  const [pageState, setPageState] = useState({ dir: directoryUuid, page: 0 });
  const page = pageState.dir === directoryUuid ? pageState.page : 0;
  const sort = SORTS.find((s) => s.key === sortKey) ?? SORTS[0];
  const count = PAGE_SIZE.myScenarios;
  const { data, isLoading, error } = useMyScenarios({ offset: page * count, count, sortField: sort.field, direction: sort.direction, directory: directoryUuid });
  const tree = useDirectoryTree();
  const trail = directoryUuid && tree.data ? findPath(tree.data, directoryUuid) : null;

  return (
    <div className="my-scenarios">
      <div className="page-header">
        <h1>{t('mine.title')}</h1>
        <div className="row page-tools">
          <div>
            <label htmlFor="my-sort" className="visually-hidden">{t('mine.sortBy')}</label>
            <select id="my-sort" value={sortKey} onChange={(e) => { setSortKey(e.target.value); setPageState({ dir: directoryUuid, page: 0 }); }}>
              {SORTS.map((s) => (
                <option key={s.key} value={s.key}>{t(`mine.sort.${s.label}`)}</option>
              ))}
            </select>
          </div>
          <AddScenarioMenu />
        </div>
      </div>
      <div className="library-layout">
        <nav className="card folders" aria-label={t('mine.folders')}>
          <h2>{t('mine.folders')}</h2>
          <NavLink to="/me/scenarios" end>{t('mine.allScenarios')}</NavLink>
          <Tree nodes={tree.data ?? []} />
        </nav>
        <section className="library-results" aria-label={t('mine.list')}>
          {trail && (
            <nav className="breadcrumb" aria-label={t('mine.folder')}>
              <Link to="/me/scenarios">{t('mine.title')}</Link>
              {trail.map((n) => (
                <span key={n.uuid}> / <Link to={`/me/scenarios/${n.uuid}`}>{n.name}</Link></span>
              ))}
            </nav>
          )}
          {isLoading && <Spinner label={t('mine.loading')} />}
          {error && <div className="alert error">{error instanceof ApiError ? error.message : t('actions.invalidResponse')}</div>}
          {data && data.total === 0 && (
            <EmptyState title={directoryUuid ? t('mine.emptyFolder') : t('mine.empty')}>
              <Link className="btn primary" to="/scenarios/upload">{t('actions.upload')}</Link>
            </EmptyState>
          )}
          {data && data.total > 0 && (
            <>
              {data.scenarios.map((s) => (
                <ScenarioCard key={s.id} scenario={s} showOwnerState />
              ))}
              <Paginator pageCount={Math.ceil(data.total / count)} page={page} onPageChange={(p) => setPageState({ dir: directoryUuid, page: p })} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
