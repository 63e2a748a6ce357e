// Admin Audit log (/admin/audit): every admin and moderator action with actor, action,
// target, reason and time, newest first, filtered by action and by actor; the actions in the user's language.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../i18n/format';
import type { AuditEntry } from '../../../../shared/schemas/admin';
import { auditActionText } from '../components/audit-action';
import { EmptyState } from '../../../components/empty-state';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { useAuditLog } from '../api/get-audit-log';

const PAGE = 50;

/** Where a target lives in the app, when it has a page. */
function targetLink(e: AuditEntry): string | null {
  switch (e.target_type) {
    case 'user':
      return `/view-user/${e.target_id}`;
    case 'media':
      return `/media/${e.target_id}`;
    case 'post':
      return `/post/${e.target_id}`;
    case 'group':
      return `/forum/group/${e.target_id}`;
    default:
      return null;
  }
}

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const label = entry.target_label ?? t('audit.removedTarget', { type: entry.target_type, id: entry.target_id });
  const link = entry.target_label ? targetLink(entry) : null;
  return link ? <Link to={link}>{label}</Link> : <>{label}</>;
}

export function Component() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const { data, isLoading, isError, error } = useAuditLog(page * PAGE, PAGE, { action, actor });
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return (
    <section>
      <h1>{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      <div className="audit-filters">
        <div>
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <select id="audit-action" value={action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">{t('audit.allActions')}</option>
            {data?.actions.map((a) => <option key={a} value={a}>{auditActionText(t, a)}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actor">{t('audit.actor')}</label>
          <select id="audit-actor" value={actor} onChange={(e) => set({ actor: e.target.value })}>
            <option value="">{t('audit.everyone')}</option>
            {data?.actors.map((a) => <option key={a.id} value={a.id}>{a.first_name} {a.last_name}</option>)}
          </select>
        </div>
        {(action || actor) && <button type="button" className="btn" onClick={() => set({ action: '', actor: '' })}>{t('audit.clear')}</button>}
      </div>
      {isLoading && <Spinner label={t('audit.loading')} />}
      {isError && <p className="alert error">{(error as Error).message}</p>}
      {data && data.entries.length === 0 && <EmptyState title={t('audit.empty')} />}
      {data && data.entries.length > 0 && (
        <>
          <p className="muted small" aria-live="polite">{t('audit.count', { count: data.total })}</p>
          <table className="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id} data-testid="audit-entry">
                  <td data-label={t('audit.when')}><time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time></td>
                  <td data-label={t('audit.actor')}>{e.actor ? `${e.actor.first_name} ${e.actor.last_name}` : t('audit.removedUser')}</td>
                  <td data-label={t('audit.action')}>{auditActionText(t, e.action)}</td>
                  <td data-label={t('audit.target')}><Target entry={e} /></td>
                  <td data-label={t('audit.reason')}>{e.detail ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Paginator pageCount={Math.ceil(data.total / PAGE)} page={page} onPageChange={(p) => set({ page: p ? String(p) : '' })} />
        </>
      )}
    </section>
  );
}
