// Paginator of spec section 9: page range 3, margin pages 2, labels Prev and Next.
import { useTranslation } from 'react-i18next';
import { PAGINATOR } from '../../shared/limits';

/** Page numbers to show (0-based) with null for a break ('...'). Exported for tests. */
export function pageItems(pageCount: number, current: number, range = PAGINATOR.pageRange, margin = PAGINATOR.marginPages): (number | null)[] {
  if (pageCount <= range + 2 * margin) return Array.from({ length: pageCount }, (_, i) => i);
  const shown = new Set<number>();
  for (let i = 0; i < margin; i++) {
    shown.add(i);
    shown.add(pageCount - 1 - i);
  }
  let start = Math.max(0, current - Math.floor(range / 2));
  const end = Math.min(pageCount - 1, start + range - 1);
  start = Math.max(0, end - range + 1);
  for (let i = start; i <= end; i++) shown.add(i);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push(null);
    items.push(p);
  });
  return items;
}

export function Paginator({ pageCount, page, onPageChange }: { pageCount: number; page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation('common');
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('paginator.label')}>
      <ul className="paginator">
        <li>
          <button type="button" disabled={page === 0} onClick={() => onPageChange(page - 1)}>{t('paginator.prev')}</button>
        </li>
        {pageItems(pageCount, page).map((p, i) =>
          p === null ? (
            <li key={`b${i}`} className="break" aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              <button type="button" aria-current={p === page ? 'page' : undefined} aria-label={t('paginator.page', { page: p + 1 })} onClick={() => onPageChange(p)}>
                {p + 1}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>{t('paginator.next')}</button>
        </li>
      </ul>
    </nav>
  );
}
