// 'Add Scenario' menu: Upload Scenario, and Create Scenario (the external web editor) outside the native
// app only, and only when the editor's address is configured (WEB_EDITOR_URL).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isNativeApp } from '../../../lib/native-bridge';
import { useWebEditorUrl } from '../../../lib/site';

export function AddScenarioMenu() {
  const { t } = useTranslation('scenarios');
  const native = isNativeApp();
  const editor = useWebEditorUrl();
  return (
    <details className="dropdown add-scenario-menu">
      <summary className="btn primary">{t('actions.add')}</summary>
      <div className="dropdown-menu dropdown-menu-right" onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}>
        <Link to="/scenarios/upload">{t('actions.upload')}</Link>
        {!native && editor && (
          <a href={editor} target="_blank" rel="noopener noreferrer">{t('actions.create')}</a>
        )}
      </div>
    </details>
  );
}
