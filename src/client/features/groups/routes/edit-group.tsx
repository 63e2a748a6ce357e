// Manage a group (/forum/edit/:groupId, spec section 2 'Group edit'): tabs Update details (with
// the delete button for the owner), Members, Post requests and Join requests (with count badges),
// and the moderation log. The tab is in the query (?tab=members) so notifications can link to it.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { GROUP_MESSAGES, type ForumGroup } from '../../../../shared/schemas/groups';
import { useDeleteGroup } from '../api/delete-group';
import { useGroup } from '../api/get-group';
import { useUpdateGroup } from '../api/update-group';
import { GroupForm, type GroupSettings } from '../components/group-form';
import { JoinRequestsTab } from '../components/join-requests-tab';
import { MembersTab } from '../components/members-tab';
import { ModerationLog } from '../components/moderation-log';
import { PostRequestsTab } from '../components/post-requests-tab';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

type TabKey = 'details' | 'members' | 'post-requests' | 'join-requests' | 'log';

function DetailsTab({ group }: { group: ForumGroup }) {
  const { t } = useTranslation('groups');
  const toast = useToast();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const navigate = useNavigate();
  const update = useUpdateGroup();
  const del = useDeleteGroup();
  const [error, setError] = useState<string | null>(null);
  const save = async (values: GroupSettings) => {
    if (update.isPending) return;
    setError(null);
    try {
      await update.mutateAsync({ id: group.id, ...values });
      toast(GROUP_MESSAGES.updated);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async () => {
    if (del.isPending) return;
    if (!(await confirm({ title: t('editGroup.deleteTitle'), message: t('editGroup.deleteConfirm', { name: group.name }), confirmLabel: t('editGroup.deleteGroup'), danger: true }))) return;
    try {
      await del.mutateAsync(group.id);
      await alert(GROUP_MESSAGES.deletedTitle, GROUP_MESSAGES.deleted);
      navigate('/me/forum/groups', { replace: true });
    } catch (err) {
      await alert('Error', (err as Error).message);
    }
  };
  const initial: GroupSettings = { name: group.name, description: group.description, membershipType: group.membershipType === 1 ? 1 : 0, postingType: group.postingType };
  return (
    <GroupForm
      key={`${group.id}-${group.name}-${group.membershipType}-${group.postingType}`}
      initial={initial}
      submitLabel={t('editGroup.saveChanges')}
      submitting={update.isPending}
      error={error}
      onSubmit={(v) => void save(v)}
      extraActions={group.hasOwnerRights && <button type="button" className="btn danger push-right" disabled={del.isPending} onClick={() => void remove()}>{t('editGroup.deleteGroup')}</button>}
    />
  );
}

export function Component() {
  const { t } = useTranslation('groups');
  const id = Number(useParams().groupId);
  const [params, setParams] = useSearchParams();
  const { data: group, isLoading, isError, error } = useGroup(id);

  if (!Number.isInteger(id) || id <= 0 || (isError && error instanceof ApiError && error.status === 404)) {
    return <EmptyState title={t('editGroup.groupNotFound')}><p>{t('editGroup.thisGroupDoesNot')}{' '}<Link to="/me/forum/groups">{t('editGroup.myGroups')}</Link></p></EmptyState>;
  }
  if (isLoading) return <Spinner label={t('editGroup.loadingTheGroup')} />;
  if (isError || !group) return <p className="alert error" role="alert">{(error as Error | null)?.message ?? t('editGroup.invalidResponse')}</p>;
  if (!group.isGroupAdmin) {
    return <EmptyState title={t('editGroup.manageGroup')}><p>{translateMessage(GROUP_MESSAGES.adminsOnly)}. <Link to={`/forum/group/${group.id}`}>{t('editGroup.backToTheGroup')}</Link></p></EmptyState>;
  }

  const tabs: { key: TabKey; label: string; count?: number }[] = [
    { key: 'details', label: t('editGroup.tabDetails') },
    { key: 'members', label: t('editGroup.tabMembers') },
    { key: 'post-requests', label: t('editGroup.tabPostRequests'), count: group.postRequestCount },
    { key: 'join-requests', label: t('editGroup.tabJoinRequests'), count: group.joinRequestCount },
    { key: 'log', label: t('editGroup.tabLog') },
  ];
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = tabs.some((t) => t.key === requested) ? requested! : 'details';
  const select = (key: TabKey) => setParams(key === 'details' ? {} : { tab: key }, { replace: true });

  return (
    <div className="group-edit">
      <p className="breadcrumb"><Link to="/me/forum/groups">{t('editGroup.myGroups')}</Link> / <Link to={`/forum/group/${group.id}`}>{group.name}</Link></p>
      <h1>{t('editGroup.manage', { name: group.name })}</h1>
      <div className="tabs" role="tablist" aria-label={t('editGroup.manageGroup2')}>
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`panel-${t.key}`}
            className={`tab${tab === t.key ? ' active' : ''}`}
            onClick={() => select(t.key)}
          >
            {t.label}
            {t.count !== undefined && <span className={`badge${t.count > 0 ? ' count' : ''}`}>{t.count}</span>}
          </button>
        ))}
      </div>
      <section className="card tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'details' && <DetailsTab group={group} />}
        {tab === 'members' && <MembersTab group={group} />}
        {tab === 'post-requests' && <PostRequestsTab groupId={group.id} />}
        {tab === 'join-requests' && <JoinRequestsTab groupId={group.id} />}
        {tab === 'log' && <ModerationLog groupId={group.id} />}
      </section>
    </div>
  );
}
