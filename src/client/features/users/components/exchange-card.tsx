// 'Sharing' on /me: the licence new uploads get, and my public items made public before the
// de-identification confirmation existed, each with the confirmation to give or a link to make it private.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DefaultLicencePicker, exchangeMeKey, useExchangeMe } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import { ApiError, call } from '../../../lib/api';
import { editScenario } from '../../../../shared/endpoints/scenarios';
import { editMedia } from '../../../../shared/endpoints/media';
import type { ExchangeMe } from '../../../../shared/endpoints/exchange';

type Unconfirmed = ExchangeMe['unconfirmed'][number];

function UnconfirmedItem({ item }: { item: Unconfirmed }) {
  const t = useExchangeT();
  const qc = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: async () => {
      if (item.kind === 'scenario') await call(editScenario, { params: { id: item.uuid_id }, body: { confirm_deidentified: true } });
      else await call(editMedia, { params: { id: item.uuid_id }, body: { confirm_deidentified: true } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: exchangeMeKey }),
    onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
  });
  const to = item.kind === 'scenario' ? `/scenario/${item.uuid_id}` : `/media/${item.uuid_id}`;
  return (
    <li className="unconfirmed-item">
      <Link to={to}>{item.name}</Link> <span className="badge">{t(item.kind === 'scenario' ? 'kindScenario' : 'kindMedia')}</span>
      <label className="check-row">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} /> {t('confirmText')}
      </label>
      <button type="button" className="btn" disabled={!checked || confirm.isPending} onClick={() => { setError(null); confirm.mutate(); }}>
        {t('confirmButton')}
      </button>
      {error && <p className="field-error" role="alert">{error}</p>}
    </li>
  );
}

export function ExchangeCard() {
  const t = useExchangeT();
  const me = useExchangeMe();
  return (
    <section className="card" aria-labelledby="exchange-title">
      <h2 id="exchange-title">{t('sharingTitle')}</h2>
      <DefaultLicencePicker />
      {me.data && me.data.unconfirmed.length > 0 && (
        <div className="alert info" data-testid="unconfirmed">
          <h3>{t('unconfirmedTitle')}</h3>
          <p>{t('unconfirmedPrompt')}</p>
          <ul className="plain-list">
            {me.data.unconfirmed.map((item) => <UnconfirmedItem key={`${item.kind}-${item.uuid_id}`} item={item} />)}
          </ul>
        </div>
      )}
    </section>
  );
}
