// The TMS heading with its two views (spec section 2: /tms and /tms/students).
import { NavLink } from 'react-router-dom';
import '../tms.css';
import { useTranslation } from 'react-i18next';

export function TmsHeader() {
  const { t } = useTranslation('tms');
  return (
    <div className="tms-header">
      <h1>TMS</h1>
      <nav className="tms-tabs" aria-label={t('tmsHeader.tmsViews')}>
        <NavLink to="/tms" end>{t('tmsHeader.debriefs')}</NavLink>
        <NavLink to="/tms/students">{t('tmsHeader.students')}</NavLink>
      </nav>
    </div>
  );
}
