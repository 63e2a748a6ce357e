// The language of the app, e-mails and messages: kept on the account (it follows the user to other
// devices) and on this device; the screen switches at once, offline too.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../../shared/languages';
import { useMe } from '../../../lib/current-user';
import { deviceLanguage } from '../../../i18n';
import { useSetLanguage } from '../api/set-language';
import { ApiError } from '../../../lib/api';

export function LanguageSelect() {
  const { t } = useTranslation('common');
  const { data: me } = useMe();
  const setLanguage = useSetLanguage();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const chosen = me?.language ?? deviceLanguage() ?? '';
  return (
    <div className="field language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={chosen}
        onChange={(e) => {
          const value = e.target.value;
          setError(null);
          setLanguage(isLanguage(value) ? value : null).catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)));
        }}
      >
        <option value="">{t('language.automatic')}</option>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}
