// /scenario/:uuidId (scenario-view): thumbnails, facts, favourite, owner actions or 'Add to My Scenarios'.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PrivacyLevel } from '../../../../shared/enums';
import { truncateTag } from '../../../../shared/format';
import { useFormat } from '../../../i18n/format';
import type { Scenario } from '../../../../shared/schemas/scenarios';
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
import { sexText } from '../components/scenario-details';
import { lazyNow } from '../../../lib/lazy-now';
import { useFirstScreenShown } from '../../../lib/first-screen';

const NotPublishableNotice = lazyNow(() => import('../components/not-publishable-notice').then((m) => ({ default: m.NotPublishableNotice })));

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function OwnerActions({ scenario }: { scenario: Scenario }) {
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const edit = useEditScenario();
  const editor = useWebEditorUrl();
  const t = useExchangeT();
  const { t: ts } = useTranslation('scenarios');
  const isPublic = scenario.privacy_level === PrivacyLevel.Public;
  const togglePrivacy = async () => {
    // Making it public asks once for the de-identification confirmation (the server requires it).
    const asks = !isPublic && !scenario.public_confirmation;
    const confirmation = { checked: false };
    const ok = await confirm({
      title: isPublic ? ts('view.makePrivateTitle') : ts('view.makePublicTitle'),
      message: asks ? <><p>{ts('view.publicText')}</p><DeidentifyCheckbox state={confirmation} /></> : isPublic ? ts('view.privateText') : ts('view.publicText'),
      confirmLabel: isPublic ? ts('view.makePrivate') : ts('view.makePublic'),
    });
    if (!ok) return;
    edit.mutate(
      { id: scenario.id, body: { privacy_level: isPublic ? 0 : 2, ...(confirmation.checked ? { confirm_deidentified: true } : {}) } },
      {
        onSuccess: () => void alert(ts('view.updatedTitle'), ts('view.updatedText')),
        onError: (err) => void alert(ts('view.errorTitle'), err instanceof ApiError && err.status === 422 ? err.message : ts('view.updateFailed')),
      },
    );
  };
  return (
    <div className="actions">
      {scenario.is_adaptable ? <Link className="btn" to={`/scenario/${scenario.uuid_id}/edit`}>{ts('view.edit')}</Link> : <p className="muted">{t('noAdaptation')}</p>}
      <button type="button" className="btn" onClick={togglePrivacy} disabled={!scenario.is_publishable || !scenario.is_adaptable || edit.isPending}>
        {isPublic ? ts('view.makePrivate') : ts('view.makePublic')}
      </button>
      {!isNativeApp() && editor && (
        <a className="btn" href={editorUrlFor(editor, scenario.uuid_id)} target="_blank" rel="noopener noreferrer">{ts('view.openEditor')}</a>
      )}
    </div>
  );
}

function CopyButton({ scenario }: { scenario: Scenario }) {
  const copy = useCopyScenario();
  const toast = useToast();
  const { t } = useTranslation('scenarios');
  return (
    <button
      type="button"
      className="btn primary"
      disabled={copy.isPending}
      onClick={() =>
        copy.mutate(scenario.id, {
          onSuccess: () => toast(t('view.copied', { name: scenario.name })),
          onError: () => toast(t('view.copyFailed'), 'error'),
        })
      }
    >
      {t('view.copy')}
    </button>
  );
}

function notFoundKey(error: Error | null, fetchStatus: string) {
  if (error instanceof ApiError && error.status === 404) return 'notFound' as const;
  if (fetchStatus === 'paused' || (error instanceof ApiError && error.status === 0)) return 'view.notOffline' as const;
  return 'actions.invalidResponse' as const;
}

export function Component() {
  const { uuidId = '' } = useParams();
  const { data, isLoading, error, fetchStatus } = useScenario(uuidId);
  // A favourite kept on this device opens with no network.
  const kept = useOfflineItem<Scenario>('scenario', uuidId);
  const s = data ?? kept ?? undefined;
  const { data: me } = useMe();
  const { t } = useTranslation('scenarios');
  useItemTitle(s ? s.name || t('unknown') : undefined);
  if (!s && (isLoading || (fetchStatus === 'paused' && kept === undefined))) return <Spinner label={t('view.loading')} />;
  if (!s) {
    return (
      <EmptyState title={t(notFoundKey(error, fetchStatus))}>
        <Link to="/scenarios">{t('backToScenarios')}</Link>
      </EmptyState>
    );
  }
  const own = me?.id === s.contributed_by.id;
  return <ScenarioViewBody s={s} own={own} live={Boolean(data)} kept={Boolean(kept)} />;
}

function ScenarioViewBody({ s, own, live, kept }: { s: Scenario; own: boolean; live: boolean; kept: boolean }) {
  const t = useExchangeT();
  const { t: ts } = useTranslation('scenarios');
  const format = useFormat();
  const notSet = ts('view.notSet');
  const data = live;
  return (
    <div className="scenario-view">
      <nav className="breadcrumb" aria-label={ts('view.breadcrumb')}>
        <Link to="/scenarios">{ts('library.title')}</Link> / <span>{s.name}</span>
      </nav>
      {!data && kept && <div className="alert info">{ts('view.offlineCopy')}</div>}
      {!s.is_processed && <div className="alert info">{ts('processingMessage')}</div>}
      {own && s.processing_error && <div className="alert error">{s.processing_error}</div>}
      {own && s.is_processed && !s.processing_error && !s.is_publishable && (
        <Suspense fallback={null}>
          <NotPublishableNotice uuidId={s.uuid_id} />
        </Suspense>
      )}
      <div className="card scenario-hero">
        <div className="scenario-images">
          <DeviceThumbnail scenario={s} />
          <PatientPhoto scenario={s} />
        </div>
        <div className="scenario-main">
          <h1>{s.name || ts('unknown')}</h1>
          <p className="muted">
            {ts('by')} <Link to={`/view-user/${s.contributed_by.uuid_id}`}>{s.contributed_by.first_name} {s.contributed_by.last_name}</Link> · {format.relative(s.contributed_at)} ·{' '}
            <span className="badge">{s.privacy_level === PrivacyLevel.Public ? ts('public') : ts('private')}</span>{' '}
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
            {s.tags.map((tag) => (
              <span key={tag.id} className="tag" title={tag.title}>{truncateTag(tag.title)}</span>
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
        <h2>{ts('view.details')}</h2>
        <dl className="facts">
          <dt>{ts('view.patientAge')}</dt><dd>{s.patient_age != null ? ts(`patientAge.${s.patient_age as 0 | 1 | 2}`) : notSet}</dd>
          <dt>{ts('view.patientCondition')}</dt><dd>{s.patient_condition != null ? ts(`patientCondition.${s.patient_condition as 0 | 1 | 2}`) : notSet}</dd>
          <dt>{ts('view.patientSex')}</dt><dd>{s.patient_sex ? capitalise(sexText(s.patient_sex, ts)) : notSet}</dd>
          <dt>{ts('view.duration')}</dt><dd data-testid="duration">{format.duration(s.duration_in_seconds)}</dd>
          <dt>{ts('view.events')}</dt><dd>{format.number(s.num_events)}</dd>
          <dt>{ts('view.checklistItems')}</dt><dd>{format.number(s.num_checklist_items)}</dd>
          <dt>{ts('view.media')}</dt>
          <dd>{([s.has_images && 'images', s.has_video && 'video', s.has_sounds && 'sounds', s.has_labs && 'labs'] as const).filter((k) => k !== false).map((k) => ts(`view.${k}`)).join(', ') || ts('view.none')}</dd>
          <dt>{ts('view.file')}</dt><dd className="file-name">{s.file_name} ({format.fileSize(s.file_size)})</dd>
          <dt>{ts('view.downloads')}</dt><dd>{format.number(s.num_downloads)}</dd>
          <dt>{ts('view.language')}</dt><dd data-testid="scenario-language">{s.unicode_language_identifier ? <span lang={s.unicode_language_identifier}>{format.languageName(s.unicode_language_identifier)}</span> : notSet}</dd>
        </dl>
      </div>
      <ScenarioStory scenario={s} />
      <ScenarioDetailsCard scenario={s} />
      {live && <BelowFirstView s={s} own={own} />}
    </div>
  );
}

/**
 * The versions, adaptations and reviews, below the first view: they ask for their data once the
 * first screen has been painted (on a slow network their requests would otherwise come before the
 * pictures at the top are shown). The versions and the reviews show nothing until their answer, the
 * adaptations their heading at once.
 */
function BelowFirstView({ s, own }: { s: Scenario; own: boolean }) {
  const shown = useFirstScreenShown();
  return (
    <>
      {shown && <VersionHistory scenario={s} own={own} />}
      <AdaptationsList scenario={s} ask={shown} />
      {shown && <Reviews scenario={s} own={own} />}
    </>
  );
}
