// Terms and Conditions (spec section 1): static legal text covering every topic and figure.
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The sections in their order; each one's title and text are in the catalogue (misc:terms.sections). */
const SECTIONS = [
  'definitions',
  'contract',
  'account',
  'subscription',
  'price',
  'renewal',
  'card-security',
  'content',
  'posting',
  'offensive',
  'site-security',
  'data',
  'termination',
  'interruption',
  'ip',
  'liability',
  'indemnity',
  'miscellaneous',
  'cancellation',
] as const;

export function Component() {
  const { t } = useTranslation('misc');
  return (
    <article className="card legal">
      <h1>{t('terms.title')}</h1>
      <p className="muted">{t('terms.intro')}</p>
      <nav aria-label={t('terms.contents')} className="legal-toc">
        <ol>
          {SECTIONS.map((id) => (
            <li key={id}><a href={`#${id}`}>{t(`terms.sections.${id}.title`).replace(/^\d+\. /, '')}</a></li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((id) => (
        <section key={id} id={id}>
          <h2>{t(`terms.sections.${id}.title`)}</h2>
          <p>{t(`terms.sections.${id}.body`)}</p>
        </section>
      ))}
      <p><Trans t={t} i18nKey="terms.seeAlso" components={{ privacy: <Link to="/privacy" /> }} /></p>
    </article>
  );
}
