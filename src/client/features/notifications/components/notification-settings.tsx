// The notification settings on /me: for each kind, in the app / push / e-mail digest (every box
// cleared: off, none is created), how often the digest comes, and push on this device.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIGEST_FREQUENCIES, type KindSetting } from '../../../../shared/schemas/notifications';
import { ApiError } from '../../../lib/api';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings';
import { disablePush, enablePush, pushState, type PushState } from '../lib/push';

const CHANNELS = ['in_app', 'push', 'digest'] as const;
const CHANNEL_LABEL = { in_app: 'settings.inApp', push: 'settings.push', digest: 'settings.digest' } as const;

export function NotificationSettings() {
  const { t } = useTranslation('notifications');
  const { data } = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [error, setError] = useState<string | null>(null);
  const frequencyId = useId();

  const save = (body: Parameters<typeof update.mutateAsync>[0]) => {
    setError(null);
    update.mutateAsync(body).catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)));
  };
  const toggle = (k: KindSetting, channel: (typeof CHANNELS)[number]) => save({ kinds: [{ ...k, [channel]: !k[channel] }] });

  return (
    <section className="card notification-settings" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title">{t('settings.title')}</h2>
      <p className="muted">{t('settings.intro')}</p>
      {data && (
        <>
          <div className="table-scroll">
            <table className="notification-settings-table">
              <thead>
                <tr>
                  <th scope="col">{t('settings.kind')}</th>
                  {CHANNELS.map((c) => (
                    <th scope="col" key={c}>{t(CHANNEL_LABEL[c])}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.kinds.map((k) => {
                  const off = !k.in_app && !k.push && !k.digest;
                  return (
                    <tr key={k.kind} data-kind={k.kind}>
                      <th scope="row">
                        {t(`settings.kinds.${k.kind}`)}
                        {off && <span className="badge muted notification-off"> {t('settings.off')}</span>}
                      </th>
                      {CHANNELS.map((c) => (
                        <td key={c}>
                          <input
                            type="checkbox"
                            checked={k[c]}
                            aria-label={`${t(`settings.kinds.${k.kind}`)}: ${t(CHANNEL_LABEL[c])}`}
                            onChange={() => toggle(k, c)}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="field">
            <label htmlFor={frequencyId}>{t('settings.digestFrequency')}</label>
            <select id={frequencyId} value={data.digest_frequency} onChange={(e) => save({ digest_frequency: e.target.value as (typeof DIGEST_FREQUENCIES)[number] })}>
              {DIGEST_FREQUENCIES.map((f) => (
                <option key={f} value={f}>{t(`settings.frequency.${f}`)}</option>
              ))}
            </select>
          </div>
          <PushOnThisDevice publicKey={data.push_public_key} />
        </>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </section>
  );
}

function PushOnThisDevice({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (err) {
      setError(t('settings.pushFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <div className="push-device" data-testid="push-device" data-state={state}>
      <h3>{t('settings.pushTitle')}</h3>
      {state === 'native' && <p className="muted">{t('settings.pushNative')}</p>}
      {state === 'unsupported' && <p className="muted">{t('settings.pushUnsupported')}</p>}
      {state === 'denied' && <p className="muted">{t('settings.pushDenied')}</p>}
      {(state === 'on' || state === 'off') && (
        <>
          <p aria-live="polite">{state === 'on' ? t('settings.pushOn') : t('settings.pushOff')}</p>
          <button type="button" className="btn" disabled={busy} onClick={() => void run(state === 'on' ? disablePush : () => enablePush(publicKey))}>
            {state === 'on' ? t('settings.pushDisable') : t('settings.pushEnable')}
          </button>
        </>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}
