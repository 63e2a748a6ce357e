// Licensing (/me/provisioning, spec section 2): a plain browser gets a notice to sign in on the
// device. In the native app: the device's Current License with Relinquish (confirmed; the device is
// told through the 'relinquish' message) and the agreements with their free seats and a Claim link.
// Offline, the current licence shows from the persisted cache.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirm, useAlertDialog } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { isNativeApp, onNativeEvent, useDeviceInfo } from '../../../lib/native-bridge';
import { useOnline } from '../../../offline/use-online';
import type { CurrentLicence, LicenceContract } from '../../../../shared/schemas/licences';
import { useMyContracts } from '../api/get-my-contracts';
import { useMyLicence } from '../api/get-my-licence';
import { licenceKeys } from '../api/keys';
import { useRelinquishLicence } from '../api/relinquish-licence';
import { CurrentLicenceDetails } from '../components/current-licence';
import { BrowserNotice, WaitingForDevice } from '../components/device-notice';
import { formatDate } from '../components/format';
import { agreementTypeLabel, useLicencesT } from '../components/texts';
import '../licences.css';

function CurrentLicenceCard({ licence, deviceId, product, loading, online }: { licence: CurrentLicence | null | undefined; deviceId: string; product: string; loading: boolean; online: boolean }) {
  const relinquish = useRelinquishLicence();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const t = useLicencesT();
  const onRelinquish = async (l: CurrentLicence) => {
    const ok = await confirm({
      title: t('provisioning.relinquishTitle'),
      message: t('provisioning.relinquishMessage', { id: l.license_contract_id, device: l.device_id }),
      confirmLabel: t('provisioning.relinquish'),
      danger: true,
    });
    if (!ok) return;
    relinquish.mutate(
      { license_id: l.id, device_id: deviceId, product },
      { onSuccess: () => toast(t('provisioning.relinquished')), onError: (err) => void alert(t('error'), err.message) },
    );
  };
  return (
    <section className="card" aria-labelledby="current-licence-heading">
      <h2 id="current-licence-heading">{t('provisioning.currentLicense')}</h2>
      {licence ? (
        <>
          <CurrentLicenceDetails licence={licence} />
          <div className="actions">
            <button type="button" className="btn danger" disabled={relinquish.isPending || !online} onClick={() => void onRelinquish(licence)}>
              {relinquish.isPending ? t('provisioning.relinquishing') : t('provisioning.relinquish')}
            </button>
            {!online && <span className="muted">{t('provisioning.relinquishNeedsConnection')}</span>}
          </div>
        </>
      ) : loading ? (
        <Spinner label={t('provisioning.loadingLicence')} />
      ) : licence === null ? (
        <p className="muted">{t('provisioning.notLicensed')}</p>
      ) : (
        <p className="muted">{t('provisioning.couldNotLoad')}</p>
      )}
    </section>
  );
}

function AgreementsCard({ contracts, licensed, loading, error, online }: { contracts: LicenceContract[] | undefined; licensed: boolean; loading: boolean; error: string | null; online: boolean }) {
  const t = useLicencesT();
  return (
    <section className="card" aria-labelledby="agreements-heading">
      <h2 id="agreements-heading">{t('provisioning.agreements')}</h2>
      {loading ? (
        <Spinner label={t('provisioning.loadingAgreements')} />
      ) : error && !contracts ? (
        <p className="alert error" role="alert">{error}</p>
      ) : !contracts?.length ? (
        <p className="muted">{t('provisioning.noAgreements')}</p>
      ) : (
        <div className="table-wrap">
          <table className="licence-table">
            <thead>
              <tr>
                <th scope="col">{t('agreement')}</th>
                <th scope="col">{t('type')}</th>
                <th scope="col">{t('modules')}</th>
                <th scope="col">{t('provisioning.licences')}</th>
                <th scope="col">{t('expires')}</th>
                <th scope="col"><span className="visually-hidden">{t('provisioning.claim')}</span></th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.id} data-testid={`agreement-${c.id}`}>
                  <td data-label={t('agreement')}>
                    <div>
                      <strong>#{c.id}</strong> {c.product.name}
                      <div className="muted small">{c.owner.name}</div>
                    </div>
                  </td>
                  <td data-label={t('type')}>{agreementTypeLabel(t, c.agreement_type)}</td>
                  <td data-label={t('modules')}>{c.product_modules.map((m) => m.name).join(', ') || '—'}</td>
                  <td data-label={t('provisioning.licences')}>
                    <span data-testid="available">{t('freeOf', { available: c.available, total: c.number_of_licenses_allowed })}</span>
                  </td>
                  <td data-label={t('expires')}>{c.expires_at ? formatDate(c.expires_at) : t('never')}</td>
                  <td>
                    {c.available > 0 && !licensed && online ? (
                      <Link className="btn primary" to={`/me/claim/${c.id}`} aria-label={t('provisioning.claimFrom', { id: c.id })}>{t('provisioning.claim')}</Link>
                    ) : (
                      <span className="muted small">{licensed ? t('provisioning.deviceLicensed') : c.available > 0 ? t('provisioning.offline') : t('provisioning.noFreeSeats')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function NativeProvisioning({ deviceId, product }: { deviceId: string; product: string }) {
  const online = useOnline();
  const licence = useMyLicence(deviceId, product);
  const contracts = useMyContracts(deviceId, product);
  const qc = useQueryClient();
  const t = useLicencesT();
  // The wrapper says when the licence changed on its side (docs/native-bridge.md).
  useEffect(() => onNativeEvent((name) => {
    if (name === 'licenceChanged') void qc.invalidateQueries({ queryKey: licenceKeys.all });
  }), [qc]);
  const current = licence.data?.license;
  return (
    <>
      {!online && (
        <p className="alert info" role="status">{t('provisioning.offlineNotice')}</p>
      )}
      <CurrentLicenceCard licence={current} deviceId={deviceId} product={product} loading={licence.isPending && licence.fetchStatus !== 'idle' && licence.fetchStatus !== 'paused'} online={online} />
      <AgreementsCard
        contracts={contracts.data}
        licensed={Boolean(current)}
        loading={contracts.isPending && contracts.fetchStatus === 'fetching'}
        error={contracts.error?.message ?? (contracts.isPending && !online ? t('provisioning.agreementsOffline') : null)}
        online={online}
      />
    </>
  );
}

export function Component() {
  const native = isNativeApp();
  const device = useDeviceInfo();
  const t = useLicencesT();
  return (
    <div className="licensing">
      <h1>{t('provisioning.title')}</h1>
      {!native ? <BrowserNotice /> : !device.hasInfo || !device.product ? <WaitingForDevice /> : <NativeProvisioning deviceId={device.device_id!} product={device.product} />}
    </div>
  );
}
