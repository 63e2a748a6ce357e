// A scenario's version history (newest first, each downloadable) and, for its owner, the form that
// uploads a new version with its change note.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { CHANGE_NOTE_MAX } from '../../../../shared/endpoints/exchange';
import { SCENARIO_EXTENSIONS } from '../../../../shared/limits';
import { useExchangeT } from '../../../i18n/exchange';
import './exchange.css';
import { useFormat } from '../../../i18n/format';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { downloadVersion, useScenarioVersions, useUploadVersion } from '../api/scenario-versions';

function NewVersionForm({ scenario }: { scenario: Scenario }) {
  const t = useExchangeT();
  const toast = useToast();
  const upload = useUploadVersion();
  const id = useId();
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!note.trim()) return setError(t('changeNoteRequired'));
    if (!file) return setError(t('versionFileRequired'));
    setError(null);
    const form = e.currentTarget;
    upload.mutate(
      { id: scenario.uuid_id, changeNote: note.trim(), file },
      {
        onSuccess: (r) => {
          toast(t('versionUploaded', { version: r.current }));
          setNote('');
          setFile(null);
          form.reset();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
      },
    );
  };
  return (
    <form className="new-version" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('newVersionTitle')}</h3>
      <label htmlFor={`${id}-note`}>{t('changeNote')}</label>
      <textarea id={`${id}-note`} rows={2} maxLength={CHANGE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} aria-describedby={`${id}-help`} required />
      <p className="help" id={`${id}-help`}>{t('changeNoteHelp')}</p>
      <label htmlFor={`${id}-file`}>{t('versionFile')}</label>
      <input id={`${id}-file`} type="file" accept={SCENARIO_EXTENSIONS.join(',')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={upload.isPending}>{t('uploadVersion')}</button>
      </div>
    </form>
  );
}

export function VersionHistory({ scenario, own }: { scenario: Scenario; own: boolean }) {
  const t = useExchangeT();
  const { t: ts } = useTranslation('scenarios');
  const format = useFormat();
  const toast = useToast();
  const { data } = useScenarioVersions(scenario.uuid_id);
  const canUpload = own && scenario.is_adaptable;
  if (!data || (data.versions.length < 2 && !canUpload)) return null;
  return (
    <section className="card versions" aria-labelledby="versions-title" data-testid="versions">
      <h2 id="versions-title">{t('versionsTitle')}</h2>
      <ol className="plain-list version-list">
        {data.versions.map((v) => (
          <li key={v.version} className="version-row">
            <div>
              <strong>{t('versionLabel', { version: v.version })}</strong>
              {v.is_current && <> <span className="badge">{t('currentVersion')}</span></>}
              <span className="muted"> · {format.date(v.created_at)} · {v.created_by} · {v.file_name} ({format.fileSize(v.file_size)})</span>
              <p className="change-note">{v.change_note || t('firstVersion')}</p>
            </div>
            <button
              type="button"
              className="btn"
              onClick={() => downloadVersion(scenario.uuid_id, v.version).catch((err: unknown) => toast(err instanceof ApiError ? err.message : ts('actions.invalidResponse'), 'error'))}
            >
              {t('downloadVersion', { version: v.version })}
            </button>
          </li>
        ))}
      </ol>
      {canUpload && <NewVersionForm scenario={scenario} />}
    </section>
  );
}
