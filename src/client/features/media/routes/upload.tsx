// Media upload (/media/upload): the shared upload panel (resumable tus uploads, 1.5 s batches, the
// upload table) with 'Drop your media files here to upload to Community.', and inside the native app
// the import table (Import from REALITi, Select all, Upload Selected). Native protocol for media:
// 'getmediapaths' lists the device's media files, 'getmediafile' with { path } hands one over.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DefaultLicencePicker } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import { NativeImportTable } from '../../../components/upload/native-import-table';
import { UploadPanel } from '../../../components/upload/upload-panel';
import { isNativeApp } from '../../../lib/native-bridge';
import { MEDIA_BATCH_LIMIT, MEDIA_IMAGE_EXTENSIONS, MEDIA_VIDEO_EXTENSIONS } from '../../../../shared/limits';
import { mediaQueryKey } from '../api/get-media-library';
import { uploadMedia } from '../../../../shared/endpoints/media';
import { UploadedMediaAccess } from '../components/uploaded-media-access';
import { useTranslation } from 'react-i18next';

const MEDIA_EXTENSIONS = [...MEDIA_IMAGE_EXTENSIONS, ...MEDIA_VIDEO_EXTENSIONS];

/** The licence these uploads get: the account's default, changed here too. */
function UploadLicence() {
  const t = useExchangeT();
  return <DefaultLicencePicker label={t('uploadLicence')} />;
}

export function Component() {
  const { t } = useTranslation('media');
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: mediaQueryKey });
  return (
    <section className="media-upload">
      <div className="page-header">
        <h1>{t('upload.uploadMedia')}</h1>
        <Link className="btn" to="/me/media">{t('upload.myMedia')}</Link>
      </div>
      <div className="card">
        <UploadLicence />
        <UploadPanel kind="media" extensions={MEDIA_EXTENSIONS} maxFiles={MEDIA_BATCH_LIMIT} dropText={t('upload.dropYourMediaFiles')} onUploaded={refresh}
          uploadedExtra={(row) => <UploadedMediaAccess uuid={row.uuid_id} name={row.name} />}
        />
        <p className="help">{t('upload.giveEachImageAlt')}</p>
      </div>
      {isNativeApp() && (
        <div className="card native-import">
          <h2>{t('upload.importFromTheDevice')}</h2>
          <NativeImportTable upload={uploadMedia} field="mediaFiles" extensions={MEDIA_EXTENSIONS} listHandler="getmediapaths" fileHandler="getmediafile" onUploaded={refresh} />
        </div>
      )}
    </section>
  );
}
