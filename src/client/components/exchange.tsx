// Licence, attribution and de-identification pieces shared by scenario, media and profile screens.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LICENCE_IDS, LICENCES, licenceOf } from '../../shared/licences';
import { getExchangeMe, setDefaultLicence } from '../../shared/endpoints/exchange';
import { ApiError, call } from '../lib/api';
import { useExchangeT } from '../i18n/exchange';
import { formatNumber, useFormat } from '../i18n/format';

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
  return <p className="based-on" data-testid="based-on">{basedOn.uuid_id ? <Link to={`/scenario/${basedOn.uuid_id}`}>{text}</Link> : text}</p>;
}

/** The owner's de-identification confirmation: who and when. */
export function ConfirmationNote({ confirmation }: { confirmation: { confirmed_by: string; confirmed_at: string } | null }) {
  const t = useExchangeT();
  const format = useFormat();
  if (!confirmation) return null;
  // A day, not 'Just now': the sentence says 'on {{date}}'.
  return <p className="muted small" data-testid="deidentified">{t('confirmedBy', { name: confirmation.confirmed_by, date: format.date(confirmation.confirmed_at) })}</p>;
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

/** A choice from the short list of licences (shared/licences.ts), with a link to the chosen one's text. */
export function LicenceSelect({ value, onChange, label, disabled, help }: {
  value: string;
  onChange: (licence: string) => void;
  label: string;
  disabled?: boolean;
  help?: string;
}) {
  const id = useId();
  const l = licenceOf(value);
  return (
    <div className="field licence-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={l.id} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-describedby={help ? `${id}-help` : undefined}>
        {LICENCE_IDS.map((lid) => <option key={lid} value={lid}>{LICENCES[lid].name}</option>)}
      </select>
      <p className="help" id={`${id}-help`}>
        {help ? <>{help} </> : null}
        <a href={l.url} target={l.url.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer license">{l.name}</a>
      </p>
    </div>
  );
}

export const exchangeMeKey = ['exchange', 'me'] as const;
export const useExchangeMe = () => useQuery({ queryKey: exchangeMeKey, queryFn: () => call(getExchangeMe, {}) });

/** The licence my new uploads get (kept on the account: the default on /me and the picker on upload pages). */
export function DefaultLicencePicker({ label }: { label?: string }) {
  const t = useExchangeT();
  const qc = useQueryClient();
  const me = useExchangeMe();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = useMutation({
    mutationFn: (licence: string) => call(setDefaultLicence, { body: { licence: licence as (typeof LICENCE_IDS)[number] } }),
    onSuccess: (data) => { qc.setQueryData(exchangeMeKey, data); setSaved(true); },
    onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
  });
  if (!me.data) return null;
  return (
    <div data-testid="default-licence">
      <LicenceSelect
        label={label ?? t('defaultLicence')}
        value={me.data.default_licence}
        disabled={set.isPending}
        help={t('defaultLicenceHelp')}
        onChange={(licence) => { setError(null); setSaved(false); set.mutate(licence); }}
      />
      {saved && <p className="muted small" role="status">{t('saved')}</p>}
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}

/** '★ 4.5 (12 ratings)': a scenario's average rating and how many gave one. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const t = useExchangeT();
  if (!count || average === null) return <span className="rating muted" data-testid="rating">{t('noRatings')}</span>;
  return (
    <span className="rating" data-testid="rating" title={t('ratingAria', { average: formatNumber(average), count })}>
      <span aria-hidden="true">★</span> {formatNumber(average)} ({t('ratings', { count })})
    </span>
  );
}
