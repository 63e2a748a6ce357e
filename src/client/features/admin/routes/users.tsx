// Admin Users (/admin/users, spec section 2 'Admin'): 'Search all users', paged user cards (100 per
// page) with Enable or Disable, 'N User(s) available', 'No users found'. Disabling signs the user
// out everywhere at once; an admin cannot disable their own account.
import { useState, type FormEvent } from 'react';
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
  const setEnabled = useSetUserEnabled();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const name = `${user.first_name} ${user.last_name}`;
  const toggle = async () => {
    const enabled = !user.enabled;
    if (!enabled && !(await confirm({ title: 'Disable user', message: `Disable ${name}? They are signed out at once and cannot sign in until enabled again.`, confirmLabel: 'Disable', danger: true }))) return;
    try {
      await setEnabled.mutateAsync({ uuid: user.uuid_id, enabled });
      toast(enabled ? `${name} enabled` : `${name} disabled`);
    } catch (err) {
      await alert('Error', (err as Error).message);
    }
  };
  return (
    <article className={`card admin-user-card${user.enabled ? '' : ' disabled'}`} aria-label={name} data-testid="admin-user">
      <h2>{name}</h2>
      <p className="muted">@{user.username}</p>
      <p><a href={`mailto:${user.email}`}>{user.email}</a></p>
      <p className="small muted">{user.roles.join(', ')} · {user.last_login ? `Last signed in: ${formatRelativeDate(user.last_login)}` : 'Never signed in'}</p>
      <p>
        <span className={`status-badge${user.enabled ? '' : ' off'}`}>{user.enabled ? 'Enabled' : 'Disabled'}</span>
        {!user.email_verified && <span className="muted small"> · e-mail not verified</span>}
      </p>
      <div className="actions">
        {user.enabled ? (
          <button type="button" className="btn danger" onClick={toggle} disabled={isSelf || setEnabled.isPending} title={isSelf ? 'You cannot disable your own account' : undefined}>
            Disable
          </button>
        ) : (
          <button type="button" className="btn primary" onClick={toggle} disabled={setEnabled.isPending}>Enable</button>
        )}
      </div>
    </article>
  );
}

export function Component() {
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
      <h1>Users</h1>
      <form className="admin-users-search" role="search" onSubmit={submit}>
        <div>
          <label htmlFor="admin-user-search">Search all users</label>
          <input id="admin-user-search" type="search" placeholder="Name, username or e-mail" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="btn primary">Search</button>
      </form>
      {isLoading && <Spinner label="Loading users" />}
      {isError && <p className="alert error">{(error as Error).message}</p>}
      {data && (
        <>
          <p className="admin-user-count" aria-live="polite">
            {data.total} User(s) available{isFetching ? '…' : ''}
          </p>
          {data.users.length === 0 ? (
            <EmptyState title="No users found" />
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
