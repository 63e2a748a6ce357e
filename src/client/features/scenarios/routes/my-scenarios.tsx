// /me/scenarios/:directoryUuid? : my scenarios, 5 per page, a sort menu, the folder tree, and the two
// empty states with a link to upload (spec section 2).
import { useState } from 'react';
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

const SORTS: { key: string; label: string; field: MySortField; direction: 'ASC' | 'DESC' }[] = [
  { key: 'processing', label: 'Processing first', field: 'isProcessed', direction: 'ASC' },
  { key: 'newest', label: 'Newest first', field: 'contributedAt', direction: 'DESC' },
  { key: 'oldest', label: 'Oldest first', field: 'contributedAt', direction: 'ASC' },
  { key: 'name-asc', label: 'Name A-Z', field: 'name', direction: 'ASC' },
  { key: 'name-desc', label: 'Name Z-A', field: 'name', direction: 'DESC' },
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
        <h1>My Scenarios</h1>
        <div className="row page-tools">
          <div>
            <label htmlFor="my-sort" className="visually-hidden">Sort by</label>
            <select id="my-sort" value={sortKey} onChange={(e) => { setSortKey(e.target.value); setPageState({ dir: directoryUuid, page: 0 }); }}>
              {SORTS.map((s) => (
                <option key={s.key} value={s.key}>{s.label}</option>
              ))}
            </select>
          </div>
          <AddScenarioMenu />
        </div>
      </div>
      <div className="library-layout">
        <nav className="card folders" aria-label="Folders">
          <h2>Folders</h2>
          <NavLink to="/me/scenarios" end>All scenarios</NavLink>
          <Tree nodes={tree.data ?? []} />
        </nav>
        <section className="library-results" aria-label="My scenarios">
          {trail && (
            <nav className="breadcrumb" aria-label="Folder">
              <Link to="/me/scenarios">My Scenarios</Link>
              {trail.map((n) => (
                <span key={n.uuid}> / <Link to={`/me/scenarios/${n.uuid}`}>{n.name}</Link></span>
              ))}
            </nav>
          )}
          {isLoading && <Spinner label="Loading your scenarios" />}
          {error && <div className="alert error">{error instanceof ApiError ? error.message : 'Invalid response'}</div>}
          {data && data.total === 0 && (
            <EmptyState title={directoryUuid ? 'This folder is empty' : "You haven't contributed any of this content yet!"}>
              <Link className="btn primary" to="/scenarios/upload">Upload Scenario</Link>
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
