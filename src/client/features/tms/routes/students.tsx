// /tms/students (spec section 2): students grouped by key, each with name ('Unnamed
// Student'), e-mail, number of debriefs, latest date and average score. A student opens their
// debriefs, the score trend across attempts (chart.js, loaded only here) and a CSV export.
import { Link, useSearchParams } from 'react-router-dom';
import { useDebriefs } from '../api/get-debriefs';
import { DebriefDetail } from '../components/debrief-detail';
import { DebriefRows } from '../components/debrief-rows';
import { debriefsPending, NoResults } from '../components/debriefs-state';
import { ExportCsvButton } from '../components/export-csv-button';
import { ScoreTrend } from '../components/score-trend';
import { TmsHeader } from '../components/tms-header';
import { formatDebriefDate, formatPercent, scenarioHeading, studentsOf, type StudentSummary } from '../debrief-summary';
import { Trans, useTranslation } from 'react-i18next';

function StudentList({ students }: { students: StudentSummary[] }) {
  const { t } = useTranslation('tms');
  return (
    <div className="card">
      <ul className="student-rows">
        <li className="student-row student-row-head" aria-hidden="true">
          <span>{t('students.student')}</span><span>{t('students.email')}</span><span>{t('students.debriefs')}</span><span>{t('students.latest')}</span><span>{t('students.average')}</span>
        </li>
        {students.map((s) => (
          <li key={s.key} className="student-row" data-testid="student-row">
            <Link className="student-name" to={`?student=${encodeURIComponent(s.key)}`}>{s.name}</Link>
            <span className="student-email muted">{s.email || t('students.noEmail')}</span>
            <span><span className="student-label">{t('students.debriefs2')}</span><span data-testid="student-count">{s.debriefs.length}</span></span>
            <span><span className="student-label">{t('students.latest2')}</span>{formatDebriefDate(s.latest)}</span>
            <span><span className="student-label">{t('students.average2')}</span><span data-testid="student-average">{formatPercent(s.average)}</span></span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StudentDebriefs({ student }: { student: StudentSummary }) {
  const { t } = useTranslation('tms');
  return (
    <>
      <p><Link to="/tms/students">{t('students.allStudents')}</Link></p>
      <div className="card student-summary">
        <div className="tms-group-header">
          <h2>{student.name}</h2>
          <ExportCsvButton debriefs={student.debriefs} what={student.name} />
        </div>
        <p className="muted">{student.email || t('students.noEmail')}</p>
        <p>
          <Trans t={t} i18nKey="students.summary" count={student.debriefs.length} values={{ latest: formatDebriefDate(student.latest), average: formatPercent(student.average) }} components={{ strong: <strong /> }} />
        </p>
      </div>
      <div className="card">
        <h2>{t('students.scoreTrend')}</h2>
        <ScoreTrend debriefs={student.debriefs} />
      </div>
      <div className="card">
        <h2>{t('students.debriefs')}</h2>
        <DebriefRows debriefs={student.debriefs} title={scenarioHeading} />
      </div>
    </>
  );
}

export function Component() {
  const { t } = useTranslation('tms');
  const q = useDebriefs();
  const [params, setParams] = useSearchParams();
  const pending = debriefsPending(q);
  const debriefs = q.data ?? [];
  const students = studentsOf(debriefs);
  const key = params.get('student');
  const student = key !== null ? students.find((s) => s.key === key) : undefined;
  const openId = params.get('debrief');
  const open = openId && student ? student.debriefs.find((d) => d.uuid_id === openId) : undefined;
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('debrief');
    setParams(next, { replace: true });
  };
  let body = pending;
  if (!body) {
    if (debriefs.length === 0) body = <NoResults />;
    else if (key !== null && !student) body = <><p><Link to="/tms/students">{t('students.allStudents')}</Link></p><NoResults /></>;
    else if (student) body = <StudentDebriefs student={student} />;
    else body = <><p className="muted" data-testid="student-total">{t('students.count', { count: students.length })}</p><StudentList students={students} /></>;
  }
  return (
    <section className="tms">
      <TmsHeader />
      {body}
      {open && <DebriefDetail debrief={open} onClose={close} />}
    </section>
  );
}
