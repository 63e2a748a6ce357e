// /scenario/:uuidId (scenario-view): thumbnails, facts, favourite, owner actions or 'Add to My Scenarios'.
import { Link, useParams } from 'react-router-dom';
import { PrivacyLevel, patientAgeLabels, patientConditionLabels } from '../../../../shared/enums';
import { formatDuration, formatFileSize, formatRelativeDate, truncateTag } from '../../../../shared/format';
import { languageName } from '../../../i18n/format';
import { PROCESSING_MESSAGE, type Scenario } from '../../../../shared/schemas/scenarios';
import { Spinner } from '../../../components/spinner';
import { EmptyState } from '../../../components/empty-state';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { isNativeApp } from '../../../lib/native-bridge';
import { useMe } from '../../../lib/current-user';
import { useScenario } from '../api/get-scenario';
import { useCopyScenario } from '../api/copy-scenario';
import { useEditScenario } from '../api/edit-scenario';
import { DownloadButton } from '../components/download-button';
import { FavouriteButton } from '../components/favourite-button';
import { editorUrlFor, useWebEditorUrl } from '../../../lib/site';
import { DeviceThumbnail, PatientPhoto, ScenarioDetailsCard, ScenarioStory } from '../components/scenario-details';
import { useOfflineItem } from '../../../offline/later';
import { OfflineBadge } from '../../../offline/components/offline-badge';
import { useItemTitle } from '../../../app/screen-title';
import { BasedOn, ConfirmationNote, DeidentifyCheckbox, LicenceLink } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import { RatingSummary } from '../../../components/exchange';
import { VersionHistory } from '../components/version-history';
import { AdaptationsList } from '../components/adaptations-list';
import { Reviews } from '../components/reviews';

export const PRIVATE_TEXT = 'Private scenarios are not visible in Scenarios, but may be attached to Group Posts.';
export const PUBLIC_TEXT = 'Public scenarios are publicly visible in Scenarios.';

function OwnerActions({ scenario }: { scenario: Scenario }) {
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const edit = useEditScenario();
  const editor = useWebEditorUrl();
  const t = useExchangeT();
  const isPublic = scenario.privacy_level === PrivacyLevel.Public;
  const togglePrivacy = async () => {
    // Making it public asks once for the de-identification confirmation (the server requires it).
    const asks = !isPublic && !scenario.public_confirmation;
    const confirmation = { checked: false };
    const ok = await confirm({
      title: isPublic ? 'Make this scenario private?' : 'Make this scenario public?',
      message: asks ? <><p>{PUBLIC_TEXT}</p><DeidentifyCheckbox state={confirmation} /></> : isPublic ? PRIVATE_TEXT : PUBLIC_TEXT,
      confirmLabel: isPublic ? 'Make Private' : 'Make Public',
    });
    if (!ok) return;
    edit.mutate(
      { id: scenario.id, body: { privacy_level: isPublic ? 0 : 2, ...(confirmation.checked ? { confirm_deidentified: true } : {}) } },
      {
        onSuccess: () => void alert('Updated!', 'Your scenario has been updated.'),
        onError: (err) => void alert('Error', err instanceof ApiError && err.status === 422 ? err.message : 'Whoops! We had some trouble updating your scenario.'),
      },
    );
  };
  return (
    <div className="actions">
      {scenario.is_adaptable ? <Link className="btn" to={`/scenario/${scenario.uuid_id}/edit`}>Edit</Link> : <p className="muted">{t('noAdaptation')}</p>}
      <button type="button" className="btn" onClick={togglePrivacy} disabled={!scenario.is_publishable || !scenario.is_adaptable || edit.isPending}>
        {isPublic ? 'Make Private' : 'Make Public'}
      </button>
      {!isNativeApp() && editor && (
        <a className="btn" href={editorUrlFor(editor, scenario.uuid_id)} target="_blank" rel="noopener noreferrer">Open in Editor</a>
      )}
    </div>
  );
}

function CopyButton({ scenario }: { scenario: Scenario }) {
  const copy = useCopyScenario();
  const toast = useToast();
  return (
    <button
      type="button"
      className="btn primary"
      disabled={copy.isPending}
      onClick={() =>
        copy.mutate(scenario.id, {
          onSuccess: () => toast(`You have saved a copy of ${scenario.name}`),
          onError: () => toast("Couldn't copy scenario", 'error'),
        })
      }
    >
      Add to My Scenarios
    </button>
  );
}

function notFoundTitle(error: Error | null, fetchStatus: string): string {
  if (error instanceof ApiError && error.status === 404) return 'Resource not found';
  if (fetchStatus === 'paused' || (error instanceof ApiError && error.status === 0)) return 'This scenario is not available offline';
  return 'Invalid response';
}

export function Component() {
  const { uuidId = '' } = useParams();
  const { data, isLoading, error, fetchStatus } = useScenario(uuidId);
  // A favourite kept on this device opens with no network.
  const kept = useOfflineItem<Scenario>('scenario', uuidId);
  const s = data ?? kept ?? undefined;
  const { data: me } = useMe();
  useItemTitle(s ? s.name || 'Unknown Scenario' : undefined);
  if (!s && (isLoading || (fetchStatus === 'paused' && kept === undefined))) return <Spinner label="Loading scenario" />;
  if (!s) {
    return (
      <EmptyState title={notFoundTitle(error, fetchStatus)}>
        <Link to="/scenarios">Back to Scenarios</Link>
      </EmptyState>
    );
  }
  const own = me?.id === s.contributed_by.id;
  return <ScenarioViewBody s={s} own={own} live={Boolean(data)} kept={Boolean(kept)} />;
}

function ScenarioViewBody({ s, own, live, kept }: { s: Scenario; own: boolean; live: boolean; kept: boolean }) {
  const t = useExchangeT();
  const data = live;
  return (
    <div className="scenario-view">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/scenarios">Scenarios</Link> / <span>{s.name}</span>
      </nav>
      {!data && kept && <div className="alert info">You are offline: this is the copy kept on this device.</div>}
      {!s.is_processed && <div className="alert info">{PROCESSING_MESSAGE}</div>}
      {own && s.processing_error && <div className="alert error">{s.processing_error}</div>}
      {own && s.is_processed && !s.processing_error && !s.is_publishable && (
        <div className="alert info">
          This scenario is not yet publishable. <Link to={`/scenario/${s.uuid_id}/edit`}>Add a description, categories and tags</Link> so others can find it.
        </div>
      )}
      <div className="card scenario-hero">
        <div className="scenario-images">
          <DeviceThumbnail scenario={s} />
          <PatientPhoto scenario={s} />
        </div>
        <div className="scenario-main">
          <h1>{s.name || 'Unknown Scenario'}</h1>
          <p className="muted">
            by <Link to={`/view-user/${s.contributed_by.uuid_id}`}>{s.contributed_by.first_name} {s.contributed_by.last_name}</Link> · {formatRelativeDate(s.contributed_at)} ·{' '}
            <span className="badge">{s.privacy_level === PrivacyLevel.Public ? 'Public' : 'Private'}</span>{' '}
            <OfflineBadge kind="scenario" id={s.uuid_id} />
          </p>
          {s.based_on && <BasedOn basedOn={s.based_on} />}
          <p className="muted">
            <LicenceLink licence={s.licence} />
            {s.num_adaptations > 0 && <> · <a href="#adaptations-title" data-testid="adaptations">{t('adaptations', { count: s.num_adaptations })}</a></>}
            {s.version > 1 && <> · <a href="#versions-title" data-testid="version">{t('versionLabel', { version: s.version })}</a></>}
            {s.rating_count > 0 && <> · <a href="#reviews-title"><RatingSummary average={s.rating_average} count={s.rating_count} /></a></>}
          </p>
          {own && <ConfirmationNote confirmation={s.public_confirmation} />}
          {s.description && <p>{s.description}</p>}
          <div>
            {s.tags.map((t) => (
              <span key={t.id} className="tag" title={t.title}>{truncateTag(t.title)}</span>
            ))}
          </div>
          <div className="actions">
            <FavouriteButton scenario={s} />
            <DownloadButton scenario={s} className="btn" />
            {!own && <CopyButton scenario={s} />}
          </div>
          {own && <OwnerActions scenario={s} />}
        </div>
      </div>
      <div className="card">
        <h2>Details</h2>
        <dl className="facts">
          <dt>Patient Age</dt><dd>{s.patient_age != null ? patientAgeLabels[s.patient_age] : 'Not set'}</dd>
          <dt>Patient Condition</dt><dd>{s.patient_condition != null ? patientConditionLabels[s.patient_condition] : 'Not set'}</dd>
          <dt>Patient Sex</dt><dd>{s.patient_sex ? s.patient_sex[0].toUpperCase() + s.patient_sex.slice(1) : 'Not set'}</dd>
          <dt>Duration</dt><dd data-testid="duration">{formatDuration(s.duration_in_seconds)}</dd>
          <dt>Events</dt><dd>{s.num_events}</dd>
          <dt>Checklist items</dt><dd>{s.num_checklist_items}</dd>
          <dt>Media</dt>
          <dd>{[s.has_images && 'Images', s.has_video && 'Video', s.has_sounds && 'Sounds', s.has_labs && 'Labs'].filter(Boolean).join(', ') || 'None'}</dd>
          <dt>File</dt><dd>{s.file_name} ({formatFileSize(s.file_size)})</dd>
          <dt>Downloads</dt><dd>{s.num_downloads}</dd>
          <dt>Language</dt><dd>{s.unicode_language_identifier ? <span lang={s.unicode_language_identifier}>{languageName(s.unicode_language_identifier)}</span> : 'Not set'}</dd>
        </dl>
      </div>
      <ScenarioStory scenario={s} />
      <ScenarioDetailsCard scenario={s} />
      {live && <VersionHistory scenario={s} own={own} />}
      {live && <AdaptationsList scenario={s} />}
      {live && <Reviews scenario={s} own={own} />}
    </div>
  );
}
