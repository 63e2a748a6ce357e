// Leaving a group (spec sections 4 and 8): the creator is warned 'You may not leave a group you
// created.'; anyone else confirms 'You may not be able to join again without permission.' first.
import { useTranslation } from 'react-i18next';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { GROUP_MESSAGES, GroupMemberType } from '../../../../shared/schemas/groups';
import { useLeaveGroup } from '../api/leave-group';

export function useLeaveGroupAction() {
  const { t } = useTranslation('groups');
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const leave = useLeaveGroup();
  const run = async (group: { id: number; name: string; memberType: number | null }): Promise<boolean> => {
    if (group.memberType === GroupMemberType.Creator) {
      await alert('Warning', GROUP_MESSAGES.creatorCannotLeave);
      return false;
    }
    const ok = await confirm({ title: t('leave.title', { name: group.name }), message: GROUP_MESSAGES.leaveConfirm, confirmLabel: t('leave.confirm'), danger: true });
    if (!ok) return false;
    try {
      await leave.mutateAsync(group.id);
      toast(GROUP_MESSAGES.left);
      return true;
    } catch (err) {
      await alert('Error', (err as Error).message);
      return false;
    }
  };
  return { run, isPending: leave.isPending };
}
