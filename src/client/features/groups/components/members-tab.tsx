// Manage -> Members (spec section 2 'Group edit'): invite by e-mail, the owner, the moderators (the
// owner assigns them from the members: at least one), the users, and pending invites.
import { useState, type FormEvent } from 'react';
import { useConfirm } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { GROUP_MESSAGES, type ForumGroup, type GroupMember } from '../../../../shared/schemas/groups';
import { useAddModerators } from '../api/add-moderators';
import { useCancelInvite } from '../api/cancel-invite';
import { useRemoveMember } from '../api/remove-member';
import { useRemoveModerator } from '../api/remove-moderator';
import { InviteForm } from './invite-form';
import { PeopleList, splitMembers } from './people-list';
import { useRunAction } from '../hooks/use-run-action';
import { useTranslation } from 'react-i18next';

const fullName = (m: GroupMember) => `${m.user.first_name} ${m.user.last_name}`;

function AssignModerators({ group, users }: { group: ForumGroup; users: GroupMember[] }) {
  const { t } = useTranslation('groups');
  const toast = useToast();
  const add = useAddModerators();
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    // 'Moderator add': at least one selected user (spec section 5).
    if (!selected.length) {
      setError(GROUP_MESSAGES.pickModerator);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ groupId: group.id, userIds: selected });
      toast(GROUP_MESSAGES.saved);
      setSelected([]);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="assign-moderators" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor="moderator-select">{t('membersTab.makeModerators')}</label>
      <select
        id="moderator-select"
        multiple
        size={Math.min(6, Math.max(3, users.length))}
        value={selected.map(String)}
        onChange={(e) => {
          setSelected(Array.from(e.target.selectedOptions, (o) => Number(o.value)));
          setError(null);
        }}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby="moderator-select-help"
      >
        {users.map((m) => (
          <option key={m.user.id} value={m.user.id}>{fullName(m)}</option>
        ))}
      </select>
      {error ? <p className="field-error" role="alert">{error}</p> : <p className="help" id="moderator-select-help">{t('membersTab.chooseOneOrMore')}</p>}
      <button type="submit" className="btn primary" disabled={add.isPending}>{add.isPending ? t('membersTab.saving') : t('membersTab.addModerators')}</button>
    </form>
  );
}

export function MembersTab({ group }: { group: ForumGroup }) {
  const { t } = useTranslation('groups');
  const confirm = useConfirm();
  const run = useRunAction();
  const removeModerator = useRemoveModerator();
  const removeMember = useRemoveMember();
  const cancelInvite = useCancelInvite();
  const { owner, moderators, users } = splitMembers(group.members);
  const busy = removeModerator.isPending || removeMember.isPending || cancelInvite.isPending;

  const remove = async (m: GroupMember) => {
    if (!(await confirm({ title: t('membersTab.removeMember'), message: t('membersTab.removeConfirm', { name: fullName(m), group: group.name }), confirmLabel: t('membersTab.remove'), danger: true }))) return;
    await run(() => removeMember.mutateAsync({ groupId: group.id, userId: m.user.id }), GROUP_MESSAGES.saved);
  };

  return (
    <div className="members-tab">
      <InviteForm groupId={group.id} />
      <PeopleList title={t('membersTab.owner')} empty={t('empty.owner')} people={owner} />
      <PeopleList
        title={t('membersTab.moderators')}
        empty={t('empty.moderators')}
        people={moderators}
        actions={(m) =>
          group.hasOwnerRights && (
            <button type="button" className="btn small" disabled={busy} onClick={() => void run(() => removeModerator.mutateAsync({ groupId: group.id, userId: m.user.id }), GROUP_MESSAGES.saved)}>
              {t('membersTab.removeModerator')}
            </button>
          )
        }
      />
      {group.hasOwnerRights && users.length > 0 && <AssignModerators group={group} users={users} />}
      <PeopleList
        title={t('membersTab.users')}
        empty={t('empty.users')}
        people={users}
        actions={(m) => (
          <button type="button" className="btn small" disabled={busy} onClick={() => void remove(m)} aria-label={t('membersTab.remove2', { fullName: fullName(m) })}>{t('membersTab.remove')}</button>
        )}
      />
      <section className="people" aria-labelledby="pending-invites-heading">
        <h3 id="pending-invites-heading">{t('membersTab.pendingInvites')}</h3>
        {group.invites.length === 0 ? (
          <p className="muted">{t('membersTab.noPendingInvites')}</p>
        ) : (
          <ul className="plain-list people-list">
            {group.invites.map((i) => (
              <li key={i.id}>
                <span>{i.user ? `${i.user.first_name} ${i.user.last_name} (${i.email})` : i.email}</span>
                <span className="row-actions">
                  <button type="button" className="btn small" disabled={busy} onClick={() => void run(() => cancelInvite.mutateAsync(i.id), GROUP_MESSAGES.inviteCancelled)} aria-label={t('membersTab.cancelTheInviteTo', { email: i.email })}>{t('membersTab.cancelInvite')}</button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
