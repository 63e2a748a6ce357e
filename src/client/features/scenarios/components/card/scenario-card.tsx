// One scenario in a list: device thumbnail, name, patient, tags, contributor and download.
import { Link } from 'react-router-dom';
import { LicenceLink, RatingSummary } from '../../../../components/exchange';
import { PrivacyLevel, patientAgeLabels, patientConditionLabels } from '../../../../../shared/enums';
import { formatRelativeDate, truncateTag } from '../../../../../shared/format';
import type { Scenario } from '../../../../../shared/schemas/scenarios';
import { DownloadButton } from '../download-button';

export function ScenarioCard({ scenario, showOwnerState = false }: { scenario: Scenario; showOwnerState?: boolean }) {
  const s = scenario;
  return (
    <article className="card scenario-card" data-testid="scenario-card">
      <img className="scenario-thumb" src={s.thumbnail_url} alt="" width="96" height="80" loading="lazy" />
      <div className="scenario-card-body">
        <h3>
          <Link to={`/scenario/${s.uuid_id}`}>{s.name || 'Unknown Scenario'}</Link>
        </h3>
        <p className="scenario-meta muted">
          {s.patient_age != null && <span>{patientAgeLabels[s.patient_age]}</span>}
          {s.patient_condition != null && <span>{patientConditionLabels[s.patient_condition]}</span>}
          <span>
            by <Link to={`/view-user/${s.contributed_by.uuid_id}`}>{s.contributed_by.first_name} {s.contributed_by.last_name}</Link>
          </span>
          <span>{formatRelativeDate(s.contributed_at)}</span>
          {/* Offline copies kept before licences existed have none. */}
          {s.licence && <LicenceLink licence={s.licence} />}
          {s.rating_count > 0 && <RatingSummary average={s.rating_average} count={s.rating_count} />}
        </p>
        {s.description && <p className="scenario-description">{s.description}</p>}
        <div>
          {s.tags.map((t) => (
            <span key={t.id} className="tag" title={t.title}>{truncateTag(t.title)}</span>
          ))}
        </div>
        {showOwnerState && (
          <p className="scenario-states">
            <span className="badge">{s.privacy_level === PrivacyLevel.Public ? 'Public' : 'Private'}</span>
            {!s.is_processed && <span className="badge">Processing</span>}
            {s.processing_error && <span className="badge error">{s.processing_error}</span>}
          </p>
        )}
      </div>
      <div className="scenario-card-actions">
        <DownloadButton scenario={s} />
      </div>
    </article>
  );
}
