// Manage -> Moderation log (beyond the spec): who approved, declined, invited, removed or
// promoted whom, and when.
import { Spinner } from '../../../components/spinner';
import { formatDateTime, formatRelative as formatRelativeDate } from '../../../i18n/format';
import type { ModerationLogEntry } from '../../../../shared/schemas/groups';
import { useModerationLog } from '../api/get-moderation-log';
import { useTranslation } from 'react-i18next';

const person = (u: { first_name: string; last_name: string } | null) => (u ? `${u.first_name} ${u.last_name}` : 'someone');

export function describeLogEntry(e: ModerationLogEntry): string {
  const actor = person(e.actor);
  const target = person(e.target);
  switch (e.action) {
    case 'approved_join': return `${actor} approved ${target}'s join request`;
    case 'declined_join': return `${actor} declined ${target}'s join request`;
    case 'approved_post': return `${actor} approved "${e.detail}" by ${target}`;
    case 'declined_post': return `${actor} declined "${e.detail}" by ${target}`;
    case 'removed_member': return `${actor} removed ${target} from the group`;
    case 'promoted_moderator': return `${actor} made ${target} a moderator`;
    case 'demoted_moderator': return `${actor} made ${target} a member again`;
    case 'invited': return `${actor} invited ${e.detail}`;
    case 'cancelled_invite': return `${actor} withdrew the invite to ${e.detail}`;
    default: return `${actor}: ${e.action}`;
  }
}

export function ModerationLog({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const { data, isLoading, isError, error } = useModerationLog(groupId, true);
  if (isLoading) return <Spinner label={t('moderationLog.loadingTheModerationLog')} />;
  if (isError) return <p className="alert error" role="alert">{(error as Error).message}</p>;
  if (!data?.length) return <p className="muted empty-line">{t('moderationLog.nothingHasBeenModerated')}</p>;
  return (
    <ol className="plain-list moderation-log">
      {data.map((e) => (
        <li key={e.id}>
          <span>{describeLogEntry(e)}</span>{' '}
          <time className="muted small" dateTime={e.created_at} title={formatDateTime(e.created_at)}>{formatRelativeDate(e.created_at)}</time>
        </li>
      ))}
    </ol>
  );
}
