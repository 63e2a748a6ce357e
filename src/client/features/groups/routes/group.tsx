// The group page (/forum/group/:groupId, spec section 2): the create-post box for members, posts
// waiting in the outbox, 'My Pending Posts', the approved posts ('No posts in group'), and the side
// card; Manage for group admins, Leave Group for members but the creator (who may not leave).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { GROUP_POST_OUTBOX_KIND } from '../../posts/api/create-post';
import { CreatePostBox } from '../../posts/components/create-post-box';
import { PendingPosts } from '../../posts/components/pending-posts';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { onOutboxSent } from '../../../offline/outbox';
import { useGroup } from '../api/get-group';
import { reloadGroups } from '../api/keys';
import { GroupPosts } from '../components/group-posts';
import { GroupSideCard } from '../components/group-side-card';
import { MyPendingPosts } from '../components/my-pending-posts';
import { useLeaveGroupAction } from '../components/use-leave-group';
import { GroupMemberType } from '../../../../shared/schemas/groups';
import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation('groups');
  const id = Number(useParams().groupId);
  const qc = useQueryClient();
  const { data: group, isLoading, isError, error } = useGroup(id);
  const leave = useLeaveGroupAction();

  // A group post sent later by the outbox appears here (or in 'My Pending Posts').
  useEffect(() => onOutboxSent((item) => item.kind === GROUP_POST_OUTBOX_KIND && item.meta?.groupId === id && void reloadGroups(qc)), [qc, id]);

  if (!Number.isInteger(id) || id <= 0 || (isError && error instanceof ApiError && error.status === 404)) {
    return <EmptyState title={t('group.groupNotFound')}><p>{t('group.thisGroupDoesNot')}{' '}<Link to="/me/forum/groups">{t('group.myGroups')}</Link></p></EmptyState>;
  }
  if (isLoading) return <Spinner label={t('group.loadingTheGroup')} />;
  if (isError || !group) return <p className="alert error" role="alert">{(error as Error | null)?.message ?? t('group.invalidResponse')}</p>;

  return (
    <div className="group-page">
      <div className="page-header">
        <div>
          <p className="breadcrumb"><Link to="/me/forum/groups">{t('group.myGroups')}</Link></p>
          <h1>{group.name}</h1>
        </div>
        <div className="row-actions">
          {group.isGroupAdmin && (
            <Link to={`/forum/edit/${group.id}`} className="btn">
              {t('group.manage')}{group.postRequestCount + group.joinRequestCount > 0 && <span className="badge count">{group.postRequestCount + group.joinRequestCount}</span>}
            </Link>
          )}
          {group.userIsMember && group.memberType !== GroupMemberType.Creator && (
            <button type="button" className="btn" disabled={leave.isPending} onClick={() => void leave.run(group)}>{t('group.leaveGroup')}</button>
          )}
        </div>
      </div>
      <div className="feed-layout">
        <div className="feed-main">
          {group.userIsMember && <CreatePostBox target={{ groupId: group.id, groupName: group.name }} />}
          {group.userIsMember && <PendingPosts groupId={group.id} />}
          {group.canSeeContent ? (
            <>
              <MyPendingPosts groupId={group.id} />
              <GroupPosts groupId={group.id} />
            </>
          ) : (
            <div className="card empty-state"><p>{t('group.thePostsOfAn')}</p></div>
          )}
        </div>
        <GroupSideCard group={group} />
      </div>
    </div>
  );
}
