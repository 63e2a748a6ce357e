// Accessible modal dialog, the platform's <dialog> opened with showModal(): the page behind it is
// inert while it is open, and Tab and Shift+Tab go round inside it (focus-trap: the browser alone
// would move on to its own controls past the last field); Escape and the backdrop close it; focus
// moves into it when it opens and back to where it was when it closes. A dialog opened from
// another one sits on top of it and Escape closes the top one only.
// focus-trap is a chunk of its own, fetched once the first screen has been painted (no first screen
// opens a dialog); a dialog opened before it arrives traps Tab from the moment it does.
import { useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import type { FocusTrap } from 'focus-trap';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '../lib/first-screen';

let focusTrapCode: Promise<typeof import('focus-trap')> | null = null;
const loadFocusTrap = () => (focusTrapCode ??= import('focus-trap'));
void afterFirstScreen().then(loadFocusTrap);

export function Modal({ title, onClose, children, footer }: { title: string; onClose: () => void; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const gone = useRef(false);
  // Before the first paint: Escape must work from the moment the dialog can be seen.
  useLayoutEffect(() => {
    const dialog = ref.current!;
    gone.current = false;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    // The first field, or of a group of options the chosen one (focus on another option would read
    // as a second choice).
    const first = dialog.querySelector<HTMLElement>('input:not([type="radio"]:not(:checked)), textarea, select, button:not(.modal-close)');
    const panel = dialog.querySelector<HTMLElement>('.modal')!;
    (first ?? panel).focus();
    let trap: FocusTrap | null = null;
    let closed = false;
    void loadFocusTrap().then(({ createFocusTrap }) => {
      if (closed) return;
      trap = createFocusTrap(dialog, {
        initialFocus: false,
        fallbackFocus: panel,
        // The dialog's own cancel event and backdrop handle these.
        escapeDeactivates: false,
        allowOutsideClick: true,
        returnFocusOnDeactivate: false,
      }).activate();
    });
    return () => {
      closed = true;
      trap?.deactivate();
      // Closed first: while it is open the page (and the element to focus) is inert.
      gone.current = true;
      dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  // Escape: the screen decides (it unmounts the dialog); the browser does not close it on its own.
  const onCancel = (e: SyntheticEvent) => {
    e.preventDefault();
    onClose();
  };
  // Closed by the browser all the same (a repeated Escape with no other key between).
  // (Not after an unmount, nor for a close this component did itself and has opened again since.)
  const onNativeClose = () => {
    if (!gone.current && !ref.current?.open) onClose();
  };
  return (
    <dialog
      className="modal-backdrop"
      aria-labelledby={titleId}
      ref={ref}
      onCancel={onCancel}
      onClose={onNativeClose}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="modal" tabIndex={-1}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn link modal-close" aria-label={t('actions.close')} onClick={onClose}>✕</button>
        </div>
        {children}
        {footer && <div className="actions">{footer}</div>}
      </div>
    </dialog>
  );
}
