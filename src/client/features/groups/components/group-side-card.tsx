// The group page's side card (spec section 2): name and description, how it works, the Join button,
// and its owner, moderators, members and (for group admins) pending invites.
import type { ForumGroup } from '../../../../shared/schemas/groups';
import { GROUP_EMPTY } from '../../../../shared/schemas/groups';
import { JoinButton } from './join-button';
import { PeopleList, splitMembers } from './people-list';

export function GroupSideCard({ group }: { group: ForumGroup }) {
  const { owner, moderators, users } = splitMembers(group.members);
  return (
    <aside className="group-side">
      <section className="card side-card group-about" aria-labelledby="group-about-heading">
        <h2 id="group-about-heading">{group.name}</h2>
        {group.description ? <p className="group-description">{group.description}</p> : <p className="muted">No description</p>}
        <dl className="details group-facts">
          <dt>Membership</dt>
          <dd>{group.isInviteOnly ? 'Invite only' : 'Public'}</dd>
          <dt>Posts</dt>
          <dd>{group.postingType === 'requireModeration' ? 'Approved by a moderator' : 'Appear at once'}</dd>
          <dt>Members</dt>
          <dd>{group.memberCount}</dd>
        </dl>
        <JoinButton group={group} />
      </section>
      <section className="card side-card" aria-labelledby="group-members-heading">
        <h2 id="group-members-heading">Members</h2>
        {group.canSeeContent ? (
          <>
            <PeopleList title="Owner" empty={GROUP_EMPTY.owner} people={owner} />
            <PeopleList title="Moderators" empty={GROUP_EMPTY.moderators} people={moderators} />
            <PeopleList title="Users" empty={GROUP_EMPTY.users} people={users} />
          </>
        ) : (
          <p className="muted">The members of an invite-only group are visible to its members.</p>
        )}
      </section>
      {group.isGroupAdmin && (
        <section className="card side-card" aria-labelledby="group-invites-heading">
          <h2 id="group-invites-heading">Invites</h2>
          {group.invites.length === 0 ? (
            <p className="muted">No pending invites</p>
          ) : (
            <ul className="plain-list">
              {group.invites.map((i) => (
                <li key={i.id}>{i.user ? `${i.user.first_name} ${i.user.last_name}` : i.email}</li>
              ))}
            </ul>
          )}
        </section>
      )}
    </aside>
  );
}
