import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <section className="card empty-state">
      <h1>Page not found</h1>
      <p>The link you clicked may be broken or the page may have been removed.</p>
      <Link to="/feed" className="btn">Go to the feed</Link>
    </section>
  );
}
