// /scenarios/upload (scenarios-upload): resumable uploads through the shared UploadPanel (tus, 512 MB per
// file, 100 per batch, folders three levels deep) and, inside the native app, the device import table.
// New scenarios are private and unpublished until their owner adds details.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DefaultLicencePicker } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import { NativeImportTable } from '../../../components/upload/native-import-table';
import { UploadPanel } from '../../../components/upload/upload-panel';
import { isNativeApp } from '../../../lib/native-bridge';
import { SCENARIO_BATCH_LIMIT, SCENARIO_EXTENSIONS } from '../../../../shared/limits';
import { scenarioKeys } from '../api/keys';
import { uploadScenario } from '../../../../shared/endpoints/scenarios';

/** The licence these uploads get: the account's default, changed here too. */
function UploadLicence() {
  const t = useExchangeT();
  return <DefaultLicencePicker label={t('uploadLicence')} />;
}

export function Component() {
  const qc = useQueryClient();
  const { t } = useTranslation('scenarios');
  const refresh = () => void qc.invalidateQueries({ queryKey: scenarioKeys.all });
  return (
    <div className="scenario-upload">
      <div className="page-header">
        <h1>{t('upload.title')}</h1>
        <Link className="btn" to="/me/scenarios">
          {t('upload.myScenarios')}
        </Link>
      </div>
      <div className="card">
        <UploadLicence />
        <UploadPanel
          kind="scenario"
          extensions={SCENARIO_EXTENSIONS}
          maxFiles={SCENARIO_BATCH_LIMIT}
          dropText={t('upload.drop')}
          folderWarning
          onUploaded={refresh}
        />
        <p className="help">{t('upload.help')}</p>
      </div>
      {isNativeApp() && (
        <div className="card native-import">
          <h2>{t('upload.importTitle')}</h2>
          <NativeImportTable upload={uploadScenario} field="scenFiles" extensions={SCENARIO_EXTENSIONS} onUploaded={refresh} />
        </div>
      )}
    </div>
  );
}
