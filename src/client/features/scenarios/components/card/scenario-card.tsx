// One scenario in a list: device thumbnail, name, patient, tags, contributor and download.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LicenceLink, RatingSummary } from '../../../../components/exchange';
import { PrivacyLevel } from '../../../../../shared/enums';
import { truncateTag } from '../../../../../shared/format';
import { useFormat } from '../../../../i18n/format';
import type { Scenario } from '../../../../../shared/schemas/scenarios';
import { DownloadButton } from '../download-button';

export function ScenarioCard({ scenario, showOwnerState = false }: { scenario: Scenario; showOwnerState?: boolean }) {
  const s = scenario;
  const { t } = useTranslation('scenarios');
  const format = useFormat();
  return (
    <article className="card scenario-card" data-testid="scenario-card">
      <img className="scenario-thumb" src={s.thumbnail_url} alt="" width="96" height="80" loading="lazy" />
      <div className="scenario-card-body">
        <h3>
          <Link to={`/scenario/${s.uuid_id}`}>{s.name || t('unknown')}</Link>
        </h3>
        <p className="scenario-meta muted">
          {s.patient_age != null && <span>{t(`patientAge.${s.patient_age as 0 | 1 | 2}`)}</span>}
          {s.patient_condition != null && <span>{t(`patientCondition.${s.patient_condition as 0 | 1 | 2}`)}</span>}
          <span>
            {t('by')} <Link to={`/view-user/${s.contributed_by.uuid_id}`}>{s.contributed_by.first_name} {s.contributed_by.last_name}</Link>
          </span>
          <span>{format.relative(s.contributed_at)}</span>
          {/* Offline copies kept before licences existed have none. */}
          {s.licence && <LicenceLink licence={s.licence} />}
          {s.rating_count > 0 && <RatingSummary average={s.rating_average} count={s.rating_count} />}
        </p>
        {s.description && <p className="scenario-description">{s.description}</p>}
        <div>
          {s.tags.map((tag) => (
            <span key={tag.id} className="tag" title={tag.title}>{truncateTag(tag.title)}</span>
          ))}
        </div>
        {showOwnerState && (
          <p className="scenario-states">
            <span className="badge">{s.privacy_level === PrivacyLevel.Public ? t('public') : t('private')}</span>
            {!s.is_processed && <span className="badge">{t('processing')}</span>}
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
