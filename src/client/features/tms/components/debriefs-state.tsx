// What a TMS page shows before it has debriefs: loading, offline without a kept copy, an error.
import type { UseQueryResult } from '@tanstack/react-query';
import type { Debrief } from '../../../../shared/schemas/debriefs';
import { Spinner } from '../../../components/spinner';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';

/** null when the data is there; otherwise the element to show instead. */
export function debriefsPending(q: UseQueryResult<Debrief[]>) {
  if (q.data) return null;
  const t = i18n.getFixedT(null, 'tms');
  if (q.fetchStatus === 'paused') return <EmptyState title={t('debriefsState.offline')}><p className="muted">{t('debriefsState.offlineHelp')}</p></EmptyState>;
  if (q.isError) return <div className="alert error" role="alert">{q.error.message}</div>;
  return <Spinner label={t('debriefsState.loading')} />;
}

/** The NoResults state (spec section 2). */
export function NoResults() {
  const { t } = useTranslation('tms');
  return (
    <EmptyState title={t('debriefsState.noResults')}>
      <p className="muted">{t('debriefsState.debriefsOfTheSessions')}</p>
    </EmptyState>
  );
}
