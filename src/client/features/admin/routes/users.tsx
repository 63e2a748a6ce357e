// Admin Users (/admin/users, spec section 2 'Admin'): 'Search all users', paged user cards (100 per
// page) with Enable or Disable, 'N User(s) available', 'No users found'. Disabling signs the user
// out everywhere at once; an admin cannot disable their own account.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../../../shared/limits';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { formatRelative as formatRelativeDate } from '../../../i18n/format';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { Paginator } from '../../../components/paginator';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useMe } from '../../../lib/current-user';
import { useAdminUsers } from '../api/get-users';
import { useSetUserEnabled } from '../api/set-enabled';

function UserCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation('admin');
  const setEnabled = useSetUserEnabled();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const name = `${user.first_name} ${user.last_name}`;
  const toggle = async () => {
    const enabled = !user.enabled;
    if (!enabled && !(await confirm({ title: t('users.disableTitle'), message: t('users.disableMessage', { name }), confirmLabel: t('users.disable'), danger: true }))) return;
    try {
      await setEnabled.mutateAsync({ uuid: user.uuid_id, enabled });
      toast(enabled ? t('users.enabledToast', { name }) : t('users.disabledToast', { name }));
    } catch (err) {
      await alert(t('users.error'), (err as Error).message);
    }
  };
  return (
    <article className={`card admin-user-card${user.enabled ? '' : ' disabled'}`} aria-label={name} data-testid="admin-user">
      <h2>{name}</h2>
      <p className="muted">@{user.username}</p>
      <p><a href={`mailto:${user.email}`}>{user.email}</a></p>
      <p className="small muted">{user.roles.join(', ')} · {user.last_login ? t('users.lastLogin', { when: formatRelativeDate(user.last_login) }) : t('users.neverLoggedIn')}</p>
      <p>
        <span className={`status-badge${user.enabled ? '' : ' off'}`}>{user.enabled ? t('users.enabled') : t('users.disabled')}</span>
        {!user.email_verified && <span className="muted small">{t('users.notVerified')}</span>}
      </p>
      <div className="actions">
        {user.enabled ? (
          <button type="button" className="btn danger" onClick={toggle} disabled={isSelf || setEnabled.isPending} title={isSelf ? t('users.cannotDisableSelf') : undefined}>
            {t('users.disable')}
          </button>
        ) : (
          <button type="button" className="btn primary" onClick={toggle} disabled={setEnabled.isPending}>{t('users.enable')}</button>
        )}
      </div>
    </article>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const count = PAGE_SIZE.adminUsers;
  const { data, isLoading, isError, error, isFetching } = useAdminUsers(page * count, count, search);
  const { data: me } = useMe();
  const go = (q: string, p: number) => {
    const next = new URLSearchParams();
    if (q.trim()) next.set('q', q.trim());
    if (p > 0) next.set('page', String(p));
    setParams(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 0);
  };
  return (
    <section>
      <h1>{t('users.title')}</h1>
      <form className="admin-users-search" role="search" onSubmit={submit}>
        <div>
          <label htmlFor="admin-user-search">{t('users.search')}</label>
          <input id="admin-user-search" type="search" placeholder={t('users.searchPlaceholder')} value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="btn primary">{t('users.searchButton')}</button>
      </form>
      {isLoading && <Spinner label={t('users.loading')} />}
      {isError && <p className="alert error">{(error as Error).message}</p>}
      {data && (
        <>
          <p className="admin-user-count" aria-live="polite">
            {t('users.count', { count: data.total })}{isFetching ? '…' : ''}
          </p>
          {data.users.length === 0 ? (
            <EmptyState title={t('users.empty')} />
          ) : (
            <div className="admin-user-grid">
              {data.users.map((u) => <UserCard key={u.id} user={u} isSelf={u.id === me?.id} />)}
            </div>
          )}
          <Paginator pageCount={Math.ceil(data.total / count)} page={page} onPageChange={(p) => go(search, p)} />
        </>
      )}
    </section>
  );
}
