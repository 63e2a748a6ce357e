// 'Add Scenario' menu: Upload Scenario, and Create Scenario (the external web editor) outside the native
// app only, and only when the editor's address is configured (WEB_EDITOR_URL).
import { Link } from 'react-router-dom';
import { isNativeApp } from '../../../lib/native-bridge';
import { useWebEditorUrl } from '../../../lib/site';

export function AddScenarioMenu() {
  const native = isNativeApp();
  const editor = useWebEditorUrl();
  return (
    <details className="dropdown add-scenario-menu">
      <summary className="btn primary">Add Scenario</summary>
      <div className="dropdown-menu dropdown-menu-right" onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}>
        <Link to="/scenarios/upload">Upload Scenario</Link>
        {!native && editor && (
          <a href={editor} target="_blank" rel="noopener noreferrer">Create Scenario</a>
        )}
      </div>
    </details>
  );
}
