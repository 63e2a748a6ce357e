// 'Helpful' on a post or reply: a toggle button (aria-pressed) for readers other than the author,
// the count, and who found it helpful, listed when the count is tapped, hovered or opened with the
// keyboard (a disclosure; the names are read when it opens).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReactionState } from '../../../../shared/schemas/conversation';
import { useAlertDialog } from '../../../components/confirm';
import { NS } from '../../../i18n/conversation';
import './conversation.css';
import { useHelpfulBy, useToggleHelpful, type HelpfulTarget } from '../api/conversation';

function ThumbIcon() {
  return (
    <svg className="helpful-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M2 10h4v12H2zm20 1c0-1.1-.9-2-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 2 7.6 7.6c-.4.4-.6.9-.6 1.4V20c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z" />
    </svg>
  );
}

/** `describedBy`: the id of what it is about (the post's title), read after the button's name. */
export function HelpfulButton({ target, state, canReact, describedBy }: { target: HelpfulTarget; state: ReactionState; canReact: boolean; describedBy?: string }) {
  const { t } = useTranslation(NS);
  const alert = useAlertDialog();
  const toggle = useToggleHelpful(target);
  // The answer of the last toggle shows until the list it came from is read again.
  const [mine, setMine] = useState<ReactionState | null>(null);
  useEffect(() => setMine(null), [state.helpful_count, state.helpful_mine]);
  const shown = mine ?? state;
  const [openList, setOpenList] = useState(false);
  // Opened by pointing at it (a mouse): closes when the pointer leaves, unless it was clicked open.
  const byHover = useRef(false);
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
        <button type="button" className={`btn link helpful-toggle${shown.helpful_mine ? ' on' : ''}`} aria-pressed={shown.helpful_mine} onClick={onToggle} disabled={toggle.isPending} aria-describedby={describedBy}>
          <ThumbIcon /> {t('helpful')}
        </button>
      )}
      {count > 0 && (
        <details
          className="helpful-who"
          open={openList}
          onToggle={(e) => setOpenList(e.currentTarget.open)}
          onPointerEnter={(e) => {
            if (e.pointerType !== 'mouse' || openList) return;
            byHover.current = true;
            setOpenList(true);
          }}
          onPointerLeave={(e) => {
            if (e.pointerType !== 'mouse' || !byHover.current) return;
            byHover.current = false;
            setOpenList(false);
          }}
        >
          <summary
            className="muted"
            data-testid="helpful-count"
            onClick={(e) => {
              // A click on a list the pointer opened keeps it open.
              if (byHover.current) {
                e.preventDefault();
                byHover.current = false;
              }
            }}
          >
            {t('helpfulCount', { count })}
          </summary>
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
