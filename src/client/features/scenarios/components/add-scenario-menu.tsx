// 'Add Scenario' menu: Upload Scenario, and Create Scenario (the external web editor) outside the native app only.
import { Link } from 'react-router-dom';
import { isNativeApp } from '../../../lib/native-bridge';
import { WEB_EDITOR_URL } from './web-editor';

export function AddScenarioMenu() {
  const native = isNativeApp();
  return (
    <details className="dropdown add-scenario-menu">
      <summary className="btn primary">Add Scenario</summary>
      <div className="dropdown-menu dropdown-menu-right" onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}>
        <Link to="/scenarios/upload">Upload Scenario</Link>
        {!native && (
          <a href={WEB_EDITOR_URL} target="_blank" rel="noopener noreferrer">Create Scenario</a>
        )}
      </div>
    </details>
  );
}
