// /unsubscribe?token=: the link at the foot of every digest e-mail. Works signed out; one button
// turns the digest off and nothing else (mail clients use the List-Unsubscribe header instead).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { unsubscribe } from '../api/unsubscribe';

export function Component() {
  const { t } = useTranslation('notifications');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');

  const run = () => {
    setState('busy');
    unsubscribe(token).then(
      () => setState('done'),
      () => setState('failed'),
    );
  };

  return (
    <section className="card auth-card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {!token ? (
        <p className="alert error" role="alert">{t('unsubscribe.missing')}</p>
      ) : state === 'done' ? (
        <p className="alert success" role="status">{t('unsubscribe.done')}</p>
      ) : state === 'failed' ? (
        <p className="alert error" role="alert">{t('unsubscribe.failed')}</p>
      ) : (
        <>
          <p>{t('unsubscribe.intro')}</p>
          <button type="button" className="btn btn-primary" disabled={state === 'busy'} onClick={run}>
            {t('unsubscribe.button')}
          </button>
        </>
      )}
    </section>
  );
}
