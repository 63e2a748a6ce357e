// One search result of each kind: users link to /view-user/:id, posts to /post/:id, groups to their page.
import { Link } from 'react-router-dom';
import { formatRelative } from '../../../i18n/format';
import type { SearchGroup, SearchPost, SearchUser } from '../../../../shared/schemas/search';
import { highlight } from '../../../../shared/search';
import { Highlighted } from './highlighted';
import { Trans, useTranslation } from 'react-i18next';

export function UserResult({ user, words }: { user: SearchUser; words: string[] }) {
  const { t } = useTranslation('search');
  return (
    <li className="search-result" data-testid="user-result">
      <Link className="search-result-title" to={`/view-user/${user.id}`}>
        <Highlighted parts={highlight(`${user.first_name} ${user.last_name}`, words)} />
      </Link>
      {!user.enabled && <span className="status-pill off">{t('results.disabled')}</span>}
      <p className="search-snippet"><Highlighted parts={highlight(`@${user.username} · ${user.email}`, words)} /></p>
    </li>
  );
}

export function PostResult({ post, words }: { post: SearchPost; words: string[] }) {
  const { t } = useTranslation('search');
  return (
    <li className="search-result" data-testid="post-result">
      <Link className="search-result-title" to={`/post/${post.id}`}>
        <Highlighted parts={highlight(post.title, words)} />
      </Link>
      {post.snippet.length > 0 && <p className="search-snippet"><Highlighted parts={post.snippet} /></p>}
      <p className="search-meta">
        <Link to={`/view-user/${post.creator.id}`}>{post.creator.first_name} {post.creator.last_name}</Link>
        {post.group && <>{' '}<Trans t={t} i18nKey="results.inGroup" values={{ name: post.group.name }} components={{ group: <Link to={`/forum/group/${post.group.id}`} /> }} /></>}
        {' · '}
        <time dateTime={post.created_at}>{formatRelative(post.created_at)}</time>
      </p>
    </li>
  );
}

export function GroupResult({ group, words }: { group: SearchGroup; words: string[] }) {
  const { t } = useTranslation('search');
  return (
    <li className="search-result" data-testid="group-result">
      <Link className="search-result-title" to={`/forum/group/${group.id}`}>
        <Highlighted parts={highlight(group.name, words)} />
      </Link>
      {group.isInviteOnly && <span className="status-pill">{t('results.inviteOnly')}</span>}
      {group.snippet.length > 0 && <p className="search-snippet"><Highlighted parts={group.snippet} /></p>}
    </li>
  );
}
