// Reviews of a scenario: the average and count, my rating (1-5) and optional review for people who
// downloaded or favourited it (edit or delete), everyone's reviews, and 'Report review' on others'.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { REVIEW_MAX, type ScenarioReview } from '../../../../shared/endpoints/exchange';
import { RatingSummary } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import './exchange.css';
import { useFormat } from '../../../i18n/format';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { reportReview, useDeleteReview, useSaveReview, useScenarioReviews } from '../api/scenario-reviews';

const Stars = ({ rating }: { rating: number }) => {
  const t = useExchangeT();
  return <span className="stars" role="img" aria-label={t('starsAria', { count: rating })}>{'★'.repeat(rating)}{'☆'.repeat(5 - rating)}</span>;
};

function MyReview({ scenario, mine }: { scenario: Scenario; mine: ScenarioReview | null }) {
  const t = useExchangeT();
  const toast = useToast();
  const id = useId();
  const save = useSaveReview(scenario.uuid_id);
  const del = useDeleteReview(scenario.uuid_id);
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [body, setBody] = useState(mine?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : String(err));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setError(t('chooseRating'));
    setError(null);
    save.mutate({ rating, body: body.trim() || null }, { onSuccess: () => toast(t('reviewSaved')), onError: fail });
  };
  return (
    <form className="my-review" onSubmit={submit} noValidate>
      <fieldset className="rating-input">
        <legend>{t('yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="rating-option">
            <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
            <span>{t('stars', { count: n })}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-body`}>{t('reviewText')}</label>
      <textarea id={`${id}-body`} rows={3} maxLength={REVIEW_MAX} value={body} onChange={(e) => setBody(e.target.value)} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={save.isPending}>{t('saveReview')}</button>
        {mine && (
          <button
            type="button"
            className="btn danger"
            disabled={del.isPending}
            onClick={() => del.mutate(undefined, { onSuccess: () => { setRating(0); setBody(''); toast(t('reviewDeleted')); }, onError: fail })}
          >
            {t('deleteReview')}
          </button>
        )}
      </div>
    </form>
  );
}

export function Reviews({ scenario, own }: { scenario: Scenario; own: boolean }) {
  const t = useExchangeT();
  const toast = useToast();
  const { data } = useScenarioReviews(scenario.uuid_id);
  const format = useFormat();
  if (!data) return null;
  return (
    <section className="card reviews" id="reviews" aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title">{t('reviewsTitle')}</h2>
      <p><RatingSummary average={data.rating_average} count={data.rating_count} /></p>
      {data.can_review && <MyReview scenario={scenario} mine={data.mine} />}
      {!data.can_review && !own && <p className="muted">{t('reviewHint')}</p>}
      {data.reviews.length === 0 && <p className="muted">{t('noReviews')}</p>}
      <ul className="plain-list review-list">
        {data.reviews.map((r) => (
          <li key={r.id} className="review">
            <p>
              <Stars rating={r.rating} /> <Link to={`/view-user/${r.author.uuid_id}`}>{r.author.name}</Link>{' '}
              <span className="muted">· {format.date(r.updated_at)}</span>
            </p>
            {r.body && <p className="review-body">{r.body}</p>}
            {!r.is_mine && (
              <button
                type="button"
                className="btn link small"
                onClick={() => reportReview(r.id).then(() => toast(t('reported')), (err: unknown) => toast(err instanceof ApiError ? err.message : String(err), 'error'))}
              >
                {t('report')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
