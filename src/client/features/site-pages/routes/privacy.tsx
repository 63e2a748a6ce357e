// Privacy Policy (spec section 1): users must be 13 or older; 16 to consent in some countries.
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export const PRIVACY_EMAIL = 'privacy@isimulate.com';

export function Component() {
  const { t } = useTranslation('misc');
  return (
    <article className="card legal">
      <h1>{t('privacy.title')}</h1>
      <p>{t('privacy.intro')}</p>
      <h2>{t('privacy.whoTitle')}</h2>
      <p>{t('privacy.who')}</p>
      <h2>{t('privacy.collectTitle')}</h2>
      <p>{t('privacy.collect')}</p>
      <h2>{t('privacy.useTitle')}</h2>
      <p>{t('privacy.use')}</p>
      <h2>{t('privacy.choicesTitle')}</h2>
      <p>{t('privacy.choices')}</p>
      <h2>{t('privacy.contactTitle')}</h2>
      <p>
        <Trans t={t} i18nKey="privacy.contact" values={{ email: PRIVACY_EMAIL }} components={{ mail: <a href={`mailto:${PRIVACY_EMAIL}`} /> }} />
      </p>
      <p><Trans t={t} i18nKey="privacy.seeAlso" components={{ terms: <Link to="/terms" /> }} /></p>
    </article>
  );
}
