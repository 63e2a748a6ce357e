// A debrief opened from a list: two tabs, Overview (score bars) and Event Log (spec section 2).
import { useState, type KeyboardEvent } from 'react';
import type { Debrief } from '../../../../shared/schemas/debriefs';
import { Modal } from '../../../components/modal';
import { debriefDate, formatDebriefDate, formatPercent, overallPercent, scenarioHeading, studentName } from '../debrief-summary';
import { EventLog } from './event-log';
import { ScoreBars } from './score-bars';
import { useTranslation } from 'react-i18next';

const TABS = ['Overview', 'Event Log'] as const;
type Tab = (typeof TABS)[number];

export function DebriefDetail({ debrief, onClose }: { debrief: Debrief; onClose: () => void }) {
  const { t } = useTranslation('tms');
  const [tab, setTab] = useState<Tab>('Overview');
  const id = (t: Tab) => `debrief-tab-${t.replace(' ', '-').toLowerCase()}`;
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next);
    document.getElementById(id(next))?.focus();
  };
  return (
    <Modal title={scenarioHeading(debrief)} onClose={onClose}>
      <div className="debrief-detail">
        <p className="debrief-meta">
          <strong>{studentName(debrief.student)}</strong>
          {debrief.student.email && <span className="muted"> · {debrief.student.email}</span>}
          <br />
          <span className="muted">{formatDebriefDate(debriefDate(debrief))}{debrief.name && ` · ${debrief.name}`}</span>
          <br />
          <span>{t('debriefDetail.overall', { percent: formatPercent(overallPercent(debrief.debriefJson)) })}</span>
        </p>
        <div role="tablist" aria-label={t('debriefDetail.debrief')} className="tms-detail-tabs" onKeyDown={onKey}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={id(name)}
              aria-selected={tab === name}
              aria-controls={`${id(name)}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
            >
              {name === 'Overview' ? t('debriefDetail.overview') : t('debriefDetail.eventLog')}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id(tab)}-panel`} aria-labelledby={id(tab)} className="tms-tab-panel">
          {tab === 'Overview' ? <ScoreBars scores={debrief.debriefJson} /> : <EventLog events={debrief.debriefJson.eventList} />}
        </div>
      </div>
    </Modal>
  );
}
