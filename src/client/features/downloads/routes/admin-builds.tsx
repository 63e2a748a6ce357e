// Admin app builds (/admin/builds; DESIGN section 8: builds come from an admin screen): upload an
// .ipa for one of the six pre-release apps with its version and channel (pre-release for testers,
// release for the Downloads page), and the list of builds with Delete.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDateTime as formatDate, formatFileSize } from '../../../i18n/format';
import { PRE_RELEASE_APPS } from '../../../../shared/schemas/builds';
import { useAdminBuilds, useDeleteBuild, useUploadBuild } from '../api/admin-builds';
import './builds.css';


function UploadForm() {
  const { t } = useTranslation('admin');
  const upload = useUploadBuild();
  const toast = useToast();
  const [app, setApp] = useState<string>(PRE_RELEASE_APPS[0].key);
  const [version, setVersion] = useState('');
  const [channel, setChannel] = useState('prerelease');
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [missing, setMissing] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (upload.isPending) return;
    if (!file) return setMissing(t('builds.chooseFile'));
    setMissing(null);
    upload.mutate(
      { app, version, channel, file },
      {
        onSuccess: ({ build }) => {
          toast(t('builds.uploaded', { app: build.app_name, version: build.version }));
          setVersion('');
          setFile(null);
          setFormKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <form key={formKey} className="card" onSubmit={submit} noValidate>
      <h2>{t('builds.uploadTitle')}</h2>
      <div className="form-grid">
        <div>
          <label htmlFor="build-app">{t('builds.app')}</label>
          <select id="build-app" value={app} onChange={(e) => setApp(e.target.value)}>
            {PRE_RELEASE_APPS.map((a) => <option key={a.key} value={a.key}>{a.name}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="build-version">{t('builds.version')}</label>
          <input id="build-version" placeholder="3.10.1" value={version} onChange={(e) => setVersion(e.target.value)} />
        </div>
        <div>
          <label htmlFor="build-channel">{t('builds.channel')}</label>
          <select id="build-channel" value={channel} onChange={(e) => setChannel(e.target.value)}>
            <option value="prerelease">{t('builds.prerelease')}</option>
            <option value="release">{t('builds.release')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="build-file">{t('builds.file')}</label>
          <input id="build-file" type="file" accept=".ipa" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
      </div>
      {(missing || upload.isError) && <p className="alert error" role="alert">{missing ?? upload.error?.message}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={upload.isPending}>{upload.isPending ? t('builds.uploading') : t('builds.upload')}</button>
      </div>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const { data, isPending, error } = useAdminBuilds();
  const remove = useDeleteBuild();
  const confirm = useConfirm();
  const toast = useToast();
  return (
    <div className="admin-builds">
      <div className="page-header">
        <h1>{t('builds.title')}</h1>
        <Link to="/admin/licences">{t('builds.licences')}</Link>
      </div>
      <UploadForm />
      <section className="card">
        <h2>{t('builds.list')}</h2>
        {isPending ? (
          <Spinner />
        ) : error ? (
          <p className="alert error" role="alert">{error.message}</p>
        ) : !data.builds.length ? (
          <p className="muted">{t('builds.empty')}</p>
        ) : (
          <div className="table-wrap">
            <table className="pre-release-table">
              <thead>
                <tr>
                  <th scope="col">{t('builds.app')}</th>
                  <th scope="col">{t('builds.version')}</th>
                  <th scope="col">{t('builds.channel')}</th>
                  <th scope="col">{t('builds.uploadedAt')}</th>
                  <th scope="col"><span className="visually-hidden">{t('builds.delete')}</span></th>
                </tr>
              </thead>
              <tbody>
                {data.builds.map((b) => (
                  <tr key={b.id} data-testid={`build-${b.id}`}>
                    <td data-label={t('builds.app')}>{b.app_name}</td>
                    <td data-label={t('builds.version')}><span>{b.version} <span className="muted small">{formatFileSize(b.file_size)}</span></span></td>
                    <td data-label={t('builds.channel')}>{b.channel === 'release' ? t('builds.releaseChannel') : t('builds.prereleaseChannel')}</td>
                    <td data-label={t('builds.uploadedAt')}>{formatDate(b.created_at)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn danger"
                        disabled={remove.isPending}
                        aria-label={t('builds.deleteBuild', { app: b.app_name, version: b.version })}
                        onClick={async () => {
                          if (await confirm({ title: t('builds.deleteTitle'), message: t('builds.deleteMessage', { app: b.app_name, version: b.version }), confirmLabel: t('builds.delete'), danger: true })) {
                            remove.mutate(b.id, { onSuccess: (r) => toast(r.message) });
                          }
                        }}
                      >
                        {t('builds.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
