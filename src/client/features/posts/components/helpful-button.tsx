// 'Helpful' on a post or reply: a toggle button (aria-pressed) for readers other than the author,
// the count, and who found it helpful, listed when the count is tapped, hovered or opened with the
// keyboard (a disclosure; the names are read when it opens).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReactionState } from '../../../../shared/schemas/conversation';
import { useAlertDialog } from '../../../components/confirm';
import { NS } from '../../../i18n/conversation';
import './conversation.css';
import { useHelpfulBy, useToggleHelpful, type HelpfulTarget } from '../api/conversation';

export function HelpfulButton({ target, state, canReact, label }: { target: HelpfulTarget; state: ReactionState; canReact: boolean; label: string }) {
  const { t } = useTranslation(NS);
  const alert = useAlertDialog();
  const toggle = useToggleHelpful(target);
  // The answer of the last toggle shows until the list it came from is read again.
  const [mine, setMine] = useState<ReactionState | null>(null);
  useEffect(() => setMine(null), [state.helpful_count, state.helpful_mine]);
  const shown = mine ?? state;
  const [openList, setOpenList] = useState(false);
  const who = useHelpfulBy(target, openList && shown.helpful_count > 0);

  const onToggle = async () => {
    try {
      setMine(await toggle.mutateAsync(!shown.helpful_mine));
    } catch (err) {
      await alert(t('notice'), (err as Error).message);
    }
  };

  const count = shown.helpful_count;
  const more = count - (who.data?.users.length ?? 0);
  return (
    <div className="helpful small" data-testid="helpful">
      {canReact && (
        <button type="button" className={`btn link helpful-toggle${shown.helpful_mine ? ' on' : ''}`} aria-pressed={shown.helpful_mine} onClick={onToggle} disabled={toggle.isPending} aria-label={t('helpfulFor', { name: label })}>
          <span aria-hidden="true">👍</span> {t('helpful')}
        </button>
      )}
      {count > 0 && (
        <details
          className="helpful-who"
          open={openList}
          onToggle={(e) => setOpenList(e.currentTarget.open)}
          onPointerEnter={(e) => e.pointerType === 'mouse' && setOpenList(true)}
          onPointerLeave={(e) => e.pointerType === 'mouse' && setOpenList(false)}
        >
          <summary className="muted" data-testid="helpful-count">{t('helpfulCount', { count })}</summary>
          <div className="helpful-list card" role="group" aria-label={t('helpfulBy')}>
            {who.isLoading && <span className="muted">{t('loadingPeople')}</span>}
            {who.data && (
              <ul>
                {who.data.users.map((u) => (
                  <li key={u.id}><Link to={`/view-user/${u.uuid_id || u.id}`}>{u.first_name} {u.last_name}</Link></li>
                ))}
                {more > 0 && <li className="muted">{t('helpfulMore', { count: more })}</li>}
              </ul>
            )}
          </div>
        </details>
      )}
    </div>
  );
}
