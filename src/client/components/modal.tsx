// Accessible modal dialog: Escape and the backdrop close it; focus moves into it when it opens.
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export function Modal({ title, onClose, children, footer }: { title: string; onClose: () => void; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Before the first paint: Escape must work from the moment the dialog can be seen.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, textarea, select, button:not(.modal-close)');
    (first ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={title} ref={ref} tabIndex={-1}>
        <div className="modal-header">
          <h2>{title}</h2>
          <button type="button" className="btn link modal-close" aria-label="Close" onClick={onClose}>✕</button>
        </div>
        {children}
        {footer && <div className="actions">{footer}</div>}
      </div>
    </div>
  );
}
