// Accessibility statement (open to all, linked from the footer): the standard aimed at, what is
// known not to meet it yet, and whom to tell about a barrier.
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export const ACCESSIBILITY_EMAIL = 'accessibility@isimulate.com';

const WORKS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const GAPS = ['1', '2', '3', '4'] as const;

export function Component() {
  const { t } = useTranslation('misc');
  return (
    <article className="card legal">
      <h1>{t('accessibility.title')}</h1>
      <p>{t('accessibility.intro')}</p>
      <h2>{t('accessibility.standardTitle')}</h2>
      <p>
        <Trans t={t} i18nKey="accessibility.standard" components={{ wcag: <a href="https://www.w3.org/TR/WCAG22/" rel="noopener noreferrer" /> }} />
      </p>
      <h2>{t('accessibility.worksTitle')}</h2>
      <ul>
        {WORKS.map((n) => <li key={n}>{t(`accessibility.works.${n}`)}</li>)}
      </ul>
      <h2>{t('accessibility.gapsTitle')}</h2>
      <ul>
        {GAPS.map((n) => <li key={n}>{t(`accessibility.gaps.${n}`)}</li>)}
      </ul>
      <p>{t('accessibility.working')}</p>
      <h2>{t('accessibility.barrierTitle')}</h2>
      <p>
        <Trans
          t={t}
          i18nKey="accessibility.barrier"
          values={{ email: ACCESSIBILITY_EMAIL }}
          components={{ mail: <a href={`mailto:${ACCESSIBILITY_EMAIL}`} />, support: <Link to="/me/support" /> }}
        />
      </p>
      <p className="muted">{t('accessibility.reviewed')}</p>
    </article>
  );
}
