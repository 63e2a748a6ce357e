// The group page's side card (spec section 2): name and description, how it works, the Join button,
// and its owner, moderators, members and (for group admins) pending invites.
import type { ForumGroup } from '../../../../shared/schemas/groups';
import { JoinButton } from './join-button';
import { PeopleList, splitMembers } from './people-list';
import { useTranslation } from 'react-i18next';

export function GroupSideCard({ group }: { group: ForumGroup }) {
  const { t } = useTranslation('groups');
  const { owner, moderators, users } = splitMembers(group.members);
  return (
    <aside className="group-side">
      <section className="card side-card group-about" aria-labelledby="group-about-heading">
        <h2 id="group-about-heading">{group.name}</h2>
        {group.description ? <p className="group-description">{group.description}</p> : <p className="muted">{t('groupSideCard.noDescription')}</p>}
        <dl className="details group-facts">
          <dt>{t('groupSideCard.membership')}</dt>
          <dd>{group.isInviteOnly ? t('groupSideCard.inviteOnly') : t('groupSideCard.public')}</dd>
          <dt>{t('groupSideCard.posts')}</dt>
          <dd>{group.postingType === 'requireModeration' ? t('groupSideCard.approvedByModerator') : t('groupSideCard.appearAtOnce')}</dd>
          <dt>{t('groupSideCard.members')}</dt>
          <dd>{group.memberCount}</dd>
        </dl>
        <JoinButton group={group} />
      </section>
      <section className="card side-card" aria-labelledby="group-members-heading">
        <h2 id="group-members-heading">{t('groupSideCard.members')}</h2>
        {group.canSeeContent ? (
          <>
            <PeopleList title={t('groupSideCard.owner')} empty={t('empty.owner')} people={owner} />
            <PeopleList title={t('groupSideCard.moderators')} empty={t('empty.moderators')} people={moderators} />
            <PeopleList title={t('groupSideCard.users')} empty={t('empty.users')} people={users} />
          </>
        ) : (
          <p className="muted">{t('groupSideCard.theMembersOfAn')}</p>
        )}
      </section>
      {group.isGroupAdmin && (
        <section className="card side-card" aria-labelledby="group-invites-heading">
          <h2 id="group-invites-heading">{t('groupSideCard.invites')}</h2>
          {group.invites.length === 0 ? (
            <p className="muted">{t('groupSideCard.noPendingInvites')}</p>
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
