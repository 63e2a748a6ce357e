// Create Group (/forum/create, spec section 2): name, description, membership and posts radios;
// 'Created!' 'Your group has been created.', then the new group's page.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAlertDialog } from '../../../components/confirm';
import { GROUP_MESSAGES } from '../../../../shared/schemas/groups';
import { useCreateGroup } from '../api/create-group';
import { GroupForm, type GroupSettings } from '../components/group-form';
import { useTranslation } from 'react-i18next';

const DEFAULTS: GroupSettings = { name: '', description: '', membershipType: 0, postingType: 'allowAll' };

export function Component() {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const alert = useAlertDialog();
  const create = useCreateGroup();
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: GroupSettings) => {
    if (create.isPending) return;
    setError(null);
    try {
      const group = await create.mutateAsync(values);
      await alert(GROUP_MESSAGES.createdTitle, GROUP_MESSAGES.created);
      navigate(`/forum/group/${group.id}`, { replace: true });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className="group-create narrow-card">
      <p className="breadcrumb"><Link to="/me/forum/groups">{t('createGroup.myGroups')}</Link>{' '}{t('createGroup.createGroup')}</p>
      <section className="card">
        <h1>{t('createGroup.createGroup2')}</h1>
        <GroupForm initial={DEFAULTS} submitLabel={t('createGroup.createGroup2')} submitting={create.isPending} error={error} onSubmit={(v) => void submit(v)} />
      </section>
    </div>
  );
}
