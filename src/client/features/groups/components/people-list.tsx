// A titled list of people (owner, moderators, users, invites) with its empty state (spec section 8:
// 'No owner', 'No moderators', 'No users') and optional actions per person.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GroupMember } from '../../../../shared/schemas/groups';

export function splitMembers(members: GroupMember[]) {
  return {
    owner: members.filter((m) => m.memberType === 2),
    moderators: members.filter((m) => m.memberType === 1),
    users: members.filter((m) => m.memberType === 0),
  };
}

export function PeopleList({ title, empty, people, actions }: { title: string; empty: string; people: GroupMember[]; actions?: (m: GroupMember) => ReactNode }) {
  const id = `people-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="people" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {people.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="plain-list people-list">
          {people.map((m) => (
            <li key={m.user.id}>
              <Link to={`/view-user/${m.user.uuid_id || m.user.id}`}>{m.user.first_name} {m.user.last_name}</Link>
              {actions && <span className="row-actions">{actions(m)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
