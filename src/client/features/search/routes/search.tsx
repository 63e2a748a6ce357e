// Site search (/search?q=, spec section 2 'Search'). Tabs All (5 per kind, each with a
// 'See all' link to its tab), Users (admins only), Posts and Groups (20 per page with the
// paginator). The tab and page live in the address, so Back and shared links work.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { hasRole, Role } from '../../../../shared/enums';
import { PAGE_SIZE } from '../../../../shared/limits';
import { MAX_SEARCH_TERM, searchWords } from '../../../../shared/search';
import { EmptyState } from '../../../components/empty-state';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { useMe } from '../../../lib/current-user';
import { useSearchGroups } from '../api/search-groups';
import { useSearchPosts } from '../api/search-posts';
import { useSearchUsers } from '../api/search-users';
import type { SearchGroup, SearchPost, SearchUser } from '../../../../shared/schemas/search';
import { GroupResult, PostResult, UserResult } from '../components/results';
import './search.css';
import { useTranslation } from 'react-i18next';

type Tab = 'all' | 'users' | 'posts' | 'groups';
const TABS: { id: Tab; label: 'all' | 'users' | 'posts' | 'groups' }[] = [
  { id: 'all', label: 'all' },
  { id: 'users', label: 'users' },
  { id: 'posts', label: 'posts' },
  { id: 'groups', label: 'groups' },
];

const href = (q: string, tab: Tab, page = 0) => {
  const p = new URLSearchParams({ q });
  if (tab !== 'all') p.set('tab', tab);
  if (page > 0) p.set('page', String(page));
  return `/search?${p}`;
};

type Kind = Exclude<Tab, 'all'>;
type Items = { kind: 'users'; items: SearchUser[] } | { kind: 'posts'; items: SearchPost[] } | { kind: 'groups'; items: SearchGroup[] };
type KindResult = Items & { count: number; loading: boolean; error: Error | null; ready: boolean };

/** One kind's results (only that kind's query runs). */
function useKind(kind: Kind, q: string, offset: number, limit: number): KindResult {
  const users = useSearchUsers(q, offset, limit, kind === 'users');
  const posts = useSearchPosts(q, offset, limit, kind === 'posts');
  const groups = useSearchGroups(q, offset, limit, kind === 'groups');
  const r = kind === 'users' ? users : kind === 'posts' ? posts : groups;
  const state = { count: r.data?.count ?? 0, loading: r.isLoading, error: r.error, ready: Boolean(r.data) };
  if (kind === 'users') return { kind, items: users.data?.users ?? [], ...state };
  if (kind === 'posts') return { kind, items: posts.data?.posts ?? [], ...state };
  return { kind, items: groups.data?.groups ?? [], ...state };
}

function ResultList({ r, words }: { r: Items; words: string[] }) {
  switch (r.kind) {
    case 'users':
      return <ul className="search-results">{r.items.map((u) => <UserResult key={u.id} user={u} words={words} />)}</ul>;
    case 'posts':
      return <ul className="search-results">{r.items.map((p) => <PostResult key={p.id} post={p} words={words} />)}</ul>;
    case 'groups':
      return <ul className="search-results">{r.items.map((g) => <GroupResult key={g.id} group={g} words={words} />)}</ul>;
  }
}

function Results({ r, words }: { r: KindResult; words: string[] }) {
  const { t } = useTranslation('search');
  if (r.loading) return <Spinner label={t(`search.searching.${r.kind}`)} />;
  if (r.error) return <p className="alert error">{r.error.message}</p>;
  if (!r.items.length) return <p className="muted" data-testid={`no-${r.kind}`}>{t(`search.empty.${r.kind}`)}</p>;
  return <ResultList r={r} words={words} />;
}

/** One kind in the All tab: its first five and a 'See all' link to its tab. */
function Section({ kind, q, words, title }: { kind: Kind; q: string; words: string[]; title: string }) {
  const { t } = useTranslation('search');
  const r = useKind(kind, q, 0, PAGE_SIZE.searchAllPerKind);
  return (
    <section className="card search-section" aria-labelledby={`section-${kind}`}>
      <div className="search-section-header">
        <h2 id={`section-${kind}`}>{title}</h2>
        {r.count > 0 && <Link to={href(q, kind)} aria-label={t(`search.seeAllKind.${kind}`)}>{t('search.seeAll', { count: r.count })}</Link>}
      </div>
      <Results words={words} r={r} />
    </section>
  );
}

function KindTab({ kind, q, words, page, title }: { kind: Kind; q: string; words: string[]; page: number; title: string }) {
  const { t } = useTranslation('search');
  const [, setParams] = useSearchParams();
  const limit = PAGE_SIZE.search;
  const r = useKind(kind, q, page * limit, limit);
  return (
    <section className="card search-section" aria-labelledby={`section-${kind}`}>
      <h2 id={`section-${kind}`} className="visually-hidden">{title}</h2>
      {r.ready && r.count > 0 && (
        <p className="search-count" aria-live="polite">
          {t('search.showing', { count: r.count, from: page * limit + 1, to: page * limit + r.items.length })}
        </p>
      )}
      <Results words={words} r={r} />
      <Paginator pageCount={Math.ceil(r.count / limit)} page={page} onPageChange={(p) => { setParams(new URLSearchParams(href(q, kind, p).split('?')[1])); window.scrollTo(0, 0); }} />
    </section>
  );
}

function SearchForm({ q, isAdmin }: { q: string; isAdmin: boolean }) {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams({ q: draft.trim() });
    const tab = params.get('tab');
    if (tab) next.set('tab', tab);
    setParams(next);
  };
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <div>
        <label htmlFor="search-page-input">{isAdmin ? t('search.labelAdmin') : t('search.label')}</label>
        <input id="search-page-input" type="search" value={draft} maxLength={MAX_SEARCH_TERM} onChange={(e) => setDraft(e.target.value)} />
      </div>
      <button type="submit" className="btn primary">{t('search.search')}</button>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation('search');
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { data: me } = useMe();
  const isAdmin = Boolean(me && hasRole(me.role, Role.Admin));
  const requested = (params.get('tab') ?? 'all') as Tab;
  const tab: Tab = TABS.some((x) => x.id === requested) && (requested !== 'users' || isAdmin) ? requested : 'all';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const words = searchWords(q);
  const tabs = TABS.filter((x) => x.id !== 'users' || isAdmin);

  let body: ReactNode;
  if (!words.length) {
    body = <EmptyState title={t('search.searchTheCommunity')}><p className="muted">{isAdmin ? t('search.helpAdmin') : t('search.help')}</p></EmptyState>;
  } else if (tab === 'all') {
    body = (
      <>
        {isAdmin && <Section kind="users" q={q} words={words} title={t('search.users')} />}
        <Section kind="posts" q={q} words={words} title={t('search.posts')} />
        <Section kind="groups" q={q} words={words} title={t('search.groups')} />
      </>
    );
  } else {
    body = <KindTab key={`${tab}-${q}`} kind={tab} q={q} words={words} page={page} title={t(`search.tabs.${TABS.find((x) => x.id === tab)!.label}`)} />;
  }

  return (
    <div className="search-page">
      <h1>{q ? <>{t('search.searchResultsFor', { q })}</> : t('search.search')}</h1>
      <SearchForm q={q} isAdmin={isAdmin} />
      {words.length > 0 && (
        <nav className="search-tabs" aria-label={t('search.resultTypes')}>
          {tabs.map((x) => (
            <Link key={x.id} to={href(q, x.id)} aria-current={x.id === tab ? 'page' : undefined}>{t(`search.tabs.${x.label}`)}</Link>
          ))}
        </nav>
      )}
      {body}
    </div>
  );
}
