// What a scenario file says beyond the library's columns: the monitor's model name beside
// its thumbnail, the patient (age with unit, sex), the events in order with their trend times, and
// the checklist titles, so the view is worth opening before a download.
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { formatPatientAge } from '../../../../shared/realiti';
import './scenario-details.css';

/** REALITi's story in full: history, course and discussion (the description shows 200 characters of it). */
export function ScenarioStory({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation('scenarios');
  const story = scenario.details?.story;
  if (!story) return null;
  const parts = (['history', 'course', 'discussion'] as const).filter((k) => story[k]);
  return (
    <section className="card scenario-story" aria-labelledby="scenario-story" data-testid="scenario-story">
      <h2 id="scenario-story">{t('story.title')}</h2>
      {parts.map((k) => (
        <div key={k}>
          <h3>{t(`story.${k}`)}</h3>
          <p>{story[k]}</p>
        </div>
      ))}
    </section>
  );
}

/** The patient's picture, as large as the monitor's beside it. */
export function PatientPhoto({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation('scenarios');
  return (
    <figure className="device-figure patient-figure">
      <img src={scenario.patient_photo_url} alt={t('patientPhoto')} width="200" height="200" fetchPriority="high" data-testid="patient-photo" />
      <figcaption>{patientText(scenario, t) ?? t('patientPhoto')}</figcaption>
    </figure>
  );
}

export function DeviceThumbnail({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation('scenarios');
  const name = scenario.monitor_name;
  return (
    <figure className="device-figure">
      <img src={scenario.thumbnail_url} alt={name ?? t('details.device', { id: scenario.device_id ?? t('details.unknownDevice') })} width="240" height="200" fetchPriority="high" />
      <figcaption data-testid="monitor-name">{name ?? t('details.unknownMonitor')}</figcaption>
    </figure>
  );
}

const trendText = (seconds: number) => {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
};

type ScenariosT = TFunction<'scenarios'>;
const AGE_UNITS = ['years', 'months', 'weeks', 'days', 'hours'] as const;
const SEXES = ['male', 'female'] as const;

/** The patient's sex as the file says it ('male'), in the app's language when it is one we know. */
export function sexText(sex: string, t: ScenariosT): string {
  const known = SEXES.find((k) => k === sex.toLowerCase());
  return known ? t(`sex.${known}`) : sex;
}

/** '58 years' / '58 Jahre' (a unit we do not know stays as the file writes it). */
function ageText(age: number, unit: string | null, t: ScenariosT): string {
  const u = (unit ?? 'years').toLowerCase();
  const known = AGE_UNITS.find((k) => k === u || k === `${u}s`);
  return known ? t(`age.${known}`, { count: age }) : formatPatientAge(age, unit);
}

/** Age with its unit and the sex, e.g. '58 years, male'; null when the file says neither. */
export function patientText(s: Scenario, t: ScenariosT): string | null {
  const parts = [];
  const d = s.details;
  if (d?.patient_age_value != null) parts.push(ageText(d.patient_age_value, d.patient_age_unit, t));
  if (s.patient_sex) parts.push(sexText(s.patient_sex, t));
  return parts.length ? parts.join(', ') : null;
}

export function ScenarioDetailsCard({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation('scenarios');
  const d = scenario.details;
  // Copies kept offline before details existed have none.
  if (!d) return null;
  const patient = patientText(scenario, t);
  if (!patient && !d.patient_name && !d.patient_complaint && !d.events.length && !d.checklist.length) return null;
  return (
    <div className="card scenario-details">
      {(patient || d.patient_name || d.patient_complaint) && (
        <section aria-labelledby="scenario-patient">
          <h2 id="scenario-patient">{t('details.patient')}</h2>
          <p data-testid="scenario-patient">
            {d.patient_name && <strong>{d.patient_name}</strong>}
            {d.patient_name && patient && ', '}
            {patient}
          </p>
          {d.patient_complaint && <p className="muted">{d.patient_complaint}</p>}
        </section>
      )}
      {d.events.length > 0 && (
        <section aria-labelledby="scenario-events">
          <h2 id="scenario-events">{t('details.events')}</h2>
          <ol className="scenario-event-list" data-testid="scenario-events">
            {d.events.map((e, i) => (
              <li key={i}>
                <span>{e.name || t('details.event', { number: i + 1 })}</span>
                {e.trend_time != null && <span className="muted"> · {t('details.trend', { time: trendText(e.trend_time) })}</span>}
              </li>
            ))}
          </ol>
          {scenario.num_events > d.events.length && <p className="muted">{t('details.more', { count: scenario.num_events - d.events.length })}</p>}
        </section>
      )}
      {d.checklist.length > 0 && (
        <section aria-labelledby="scenario-checklist">
          <h2 id="scenario-checklist">{t('details.checklist')}</h2>
          <ul className="scenario-checklist" data-testid="scenario-checklist">
            {d.checklist.map((title, i) => <li key={i}>{title}</li>)}
          </ul>
        </section>
      )}
    </div>
  );
}
