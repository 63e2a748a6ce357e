// Licence, attribution and de-identification pieces shared by scenario and media screens.
import { Link } from 'react-router-dom';
import { licenceOf } from '../../shared/licences';
import { formatRelativeDate } from '../../shared/format';
import { useExchangeT } from '../i18n/exchange';

/** 'Licence: CC BY 4.0' with a link to the licence text. */
export function LicenceLink({ licence }: { licence: string }) {
  const t = useExchangeT();
  const l = licenceOf(licence);
  return (
    <span className="licence" data-testid="licence">
      {t('licence')}: <a href={l.url} target={l.url.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer license">{l.name}</a>
    </span>
  );
}

/** 'Based on X by Y', linking to X while it exists. */
export function BasedOn({ basedOn }: { basedOn: { uuid_id: string | null; name: string; author: string } }) {
  const t = useExchangeT();
  const text = t('basedOn', { name: basedOn.name, author: basedOn.author });
  return <p className="based-on">{basedOn.uuid_id ? <Link to={`/scenario/${basedOn.uuid_id}`}>{text}</Link> : text}</p>;
}

/** The owner's de-identification confirmation: who and when. */
export function ConfirmationNote({ confirmation }: { confirmation: { confirmed_by: string; confirmed_at: string } | null }) {
  const t = useExchangeT();
  if (!confirmation) return null;
  return <p className="muted small" data-testid="deidentified">{t('confirmedBy', { name: confirmation.confirmed_by, date: formatRelativeDate(confirmation.confirmed_at) })}</p>;
}

/**
 * The checkbox a 'make public' dialog shows; `state.checked` holds its value when the dialog closes
 * (the dialog's message is rendered once, so a plain holder is enough).
 */
export function DeidentifyCheckbox({ state }: { state: { checked: boolean } }) {
  const t = useExchangeT();
  return (
    <label className="check-row">
      <input type="checkbox" onChange={(e) => { state.checked = e.target.checked; }} /> {t('confirmText')}
    </label>
  );
}
