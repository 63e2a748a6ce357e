// /post/:postId: a post opened from a search result, with its whole text, author, group and tags.
// A post the user may not see is 'Resource not found' like a missing one.
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatRelativeDate, truncateTag } from '../../../../shared/format';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { usePost } from '../api/get-post';
import './post.css';
import { useItemTitle } from '../../../app/screen-title';

export function Component() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, isLoading, error } = usePost(postId);
  useItemTitle(post?.title);
  if (isLoading) return <Spinner label="Loading post" />;
  if (error || !post) {
    return (
      <EmptyState title="Post not found">
        <p className="muted">{error ? (error as Error).message : 'Resource not found'}</p>
        <Link to="/feed">Back to the feed</Link>
      </EmptyState>
    );
  }
  return (
    <article className="card post-page" aria-labelledby="post-title">
      <p className="muted small">
        <button type="button" className="btn link" onClick={() => navigate(-1)}>← Back</button>
      </p>
      <h1 id="post-title" className="post-title">{post.title}</h1>
      <p className="post-meta">
        <Link to={`/view-user/${post.creator.id}`}>{post.creator.first_name} {post.creator.last_name}</Link>
        {post.group ? <> in <Link to={`/forum/group/${post.group.id}`}>{post.group.name}</Link></> : <> in the <Link to="/feed">activity feed</Link></>}
        {' · '}
        <time dateTime={post.created_at}>{formatRelativeDate(post.created_at)}</time>
      </p>
      {post.text && <p className="post-text">{post.text}</p>}
      {post.tags.length > 0 && (
        <p className="post-tags">
          {post.tags.map((t) => <span key={t.id} className="tag" title={t.title}>{truncateTag(t.title)}</span>)}
        </p>
      )}
    </article>
  );
}
