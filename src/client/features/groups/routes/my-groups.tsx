// My Groups (/me/forum/groups, spec section 2): pending invites with Accept Invite / Decline Invite,
// the joined groups table (Name, Role) with a menu (Manage Group for the creator or a moderator,
// Leave Group), and a link to create a group.
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { GROUP_MESSAGES, GroupMemberType, type MyGroupEntry } from '../../../../shared/schemas/groups';
import { useAcceptInvite } from '../api/accept-invite';
import { useMyGroupsWithStatus } from '../api/get-my-groups-with-status';
import { useRejectInvite } from '../api/reject-invite';
import { useLeaveGroupAction } from '../components/use-leave-group';
import { useRunAction } from '../hooks/use-run-action';
import { useTranslation } from 'react-i18next';

function Invites({ invites }: { invites: MyGroupEntry[] }) {
  const { t } = useTranslation('groups');
  const run = useRunAction();
  const accept = useAcceptInvite();
  const reject = useRejectInvite();
  const busy = accept.isPending || reject.isPending;
  return (
    <section className="card" aria-labelledby="invites-heading">
      <h2 id="invites-heading">{t('myGroups.pendingInvites')}</h2>
      {invites.length === 0 ? (
        <p className="muted">{t('myGroups.noPendingInvites')}</p>
      ) : (
        <ul className="plain-list invite-list">
          {invites.map((g) => (
            <li key={g.id} aria-label={t('myGroups.inviteTo', { name: g.name })}>
              <div>
                <Link to={`/forum/group/${g.id}`} className="post-author">{g.name}</Link>
                {g.invitedBy && <span className="muted small">{t('myGroups.invitedBy', { first_name: g.invitedBy.first_name, last_name: g.invitedBy.last_name })}</span>}
              </div>
              <div className="row-actions">
                <button type="button" className="btn primary" disabled={busy} onClick={() => void run(() => accept.mutateAsync(g.id), GROUP_MESSAGES.joined)}>{t('myGroups.acceptInvite')}</button>
                <button type="button" className="btn" disabled={busy} onClick={() => void run(() => reject.mutateAsync(g.id), GROUP_MESSAGES.inviteDeclined)}>{t('myGroups.declineInvite')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GroupMenu({ group }: { group: MyGroupEntry }) {
  const { t } = useTranslation('groups');
  const leave = useLeaveGroupAction();
  const close = (e: { currentTarget: HTMLElement }) => e.currentTarget.closest('details')?.removeAttribute('open');
  return (
    <details className="dropdown post-menu">
      <summary aria-label={t('myGroups.optionsFor', { name: group.name })}>⋯</summary>
      <div className="dropdown-menu dropdown-menu-right" onClick={close}>
        {(group.memberType ?? 0) >= 1 && <Link to={`/forum/edit/${group.id}`}>{t('myGroups.manageGroup')}</Link>}
        {group.memberType !== GroupMemberType.Creator && (
          <button type="button" className="menu-item" disabled={leave.isPending} onClick={() => void leave.run(group)}>{t('myGroups.leaveGroup')}</button>
        )}
      </div>
    </details>
  );
}

export function Component() {
  const { t } = useTranslation('groups');
  const { data, isLoading, isError, error } = useMyGroupsWithStatus();
  const invites = data?.filter((g) => g.status === 'Invited') ?? [];
  const joined = data?.filter((g) => g.status === 'Joined') ?? [];
  return (
    <div className="my-groups">
      <div className="page-header">
        <h1>{t('myGroups.myGroups')}</h1>
        <Link to="/forum/create" className="btn primary">{t('myGroups.createGroup')}</Link>
      </div>
      {isLoading && <Spinner label={t('myGroups.loadingYourGroups')} />}
      {isError && <p className="alert error" role="alert">{(error as Error).message}</p>}
      {data && (
        <>
          <Invites invites={invites} />
          <section className="card" aria-labelledby="joined-heading">
            <h2 id="joined-heading">{t('myGroups.joinedGroups')}</h2>
            {joined.length === 0 ? (
              <p className="muted">{t('myGroups.youHaveNotJoined')}{' '}<Link to="/forum/create">{t('myGroups.createAGroup')}</Link></p>
            ) : (
              <table className="groups-table">
                <thead>
                  <tr><th scope="col">{t('myGroups.name')}</th><th scope="col">{t('myGroups.role')}</th><th scope="col"><span className="visually-hidden">{t('myGroups.options')}</span></th></tr>
                </thead>
                <tbody>
                  {joined.map((g) => (
                    <tr key={g.id}>
                      <td><Link to={`/forum/group/${g.id}`}>{g.name}</Link></td>
                      <td>{g.role}</td>
                      <td className="cell-menu"><GroupMenu group={g} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
