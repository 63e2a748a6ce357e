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
import { AGREEMENT_TYPE_LABELS, type CurrentLicence, type LicenceContract } from '../../../../shared/schemas/licences';
import { useMyContracts } from '../api/get-my-contracts';
import { useMyLicence } from '../api/get-my-licence';
import { licenceKeys } from '../api/keys';
import { useRelinquishLicence } from '../api/relinquish-licence';
import { CurrentLicenceDetails } from '../components/current-licence';
import { BrowserNotice, WaitingForDevice } from '../components/device-notice';
import { formatDate } from '../components/format';
import '../licences.css';

function CurrentLicenceCard({ licence, deviceId, product, loading, online }: { licence: CurrentLicence | null | undefined; deviceId: string; product: string; loading: boolean; online: boolean }) {
  const relinquish = useRelinquishLicence();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const onRelinquish = async (l: CurrentLicence) => {
    const ok = await confirm({
      title: 'Relinquish licence',
      message: `Relinquish this device's licence? The seat returns to agreement ${l.license_contract_id} and ${l.device_id} stops being licensed.`,
      confirmLabel: 'Relinquish',
      danger: true,
    });
    if (!ok) return;
    relinquish.mutate(
      { license_id: l.id, device_id: deviceId, product },
      { onSuccess: (res) => toast(res.message), onError: (err) => void alert('Error', err.message) },
    );
  };
  return (
    <section className="card" aria-labelledby="current-licence-heading">
      <h2 id="current-licence-heading">Current License</h2>
      {licence ? (
        <>
          <CurrentLicenceDetails licence={licence} />
          <div className="actions">
            <button type="button" className="btn danger" disabled={relinquish.isPending || !online} onClick={() => void onRelinquish(licence)}>
              {relinquish.isPending ? 'Relinquishing…' : 'Relinquish'}
            </button>
            {!online && <span className="muted">Relinquishing needs a connection.</span>}
          </div>
        </>
      ) : loading ? (
        <Spinner label="Loading the licence" />
      ) : licence === null ? (
        <p className="muted">This device is not licensed. Claim a licence from one of the agreements below.</p>
      ) : (
        <p className="muted">The licence of this device could not be loaded.</p>
      )}
    </section>
  );
}

function AgreementsCard({ contracts, licensed, loading, error, online }: { contracts: LicenceContract[] | undefined; licensed: boolean; loading: boolean; error: string | null; online: boolean }) {
  return (
    <section className="card" aria-labelledby="agreements-heading">
      <h2 id="agreements-heading">License Agreements</h2>
      {loading ? (
        <Spinner label="Loading agreements" />
      ) : error && !contracts ? (
        <p className="alert error" role="alert">{error}</p>
      ) : !contracts?.length ? (
        <p className="muted">There are no licence agreements for this product on your account or your organisation.</p>
      ) : (
        <div className="table-wrap">
          <table className="licence-table">
            <thead>
              <tr>
                <th scope="col">Agreement</th>
                <th scope="col">Type</th>
                <th scope="col">Modules</th>
                <th scope="col">Licences</th>
                <th scope="col">Expires</th>
                <th scope="col"><span className="visually-hidden">Claim</span></th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.id} data-testid={`agreement-${c.id}`}>
                  <td data-label="Agreement">
                    <div>
                      <strong>#{c.id}</strong> {c.product.name}
                      <div className="muted small">{c.owner.name}</div>
                    </div>
                  </td>
                  <td data-label="Type">{AGREEMENT_TYPE_LABELS[c.agreement_type] ?? c.agreement_type}</td>
                  <td data-label="Modules">{c.product_modules.map((m) => m.name).join(', ') || '—'}</td>
                  <td data-label="Licences">
                    <span data-testid="available">{c.available} of {c.number_of_licenses_allowed} free</span>
                  </td>
                  <td data-label="Expires">{c.expires_at ? formatDate(c.expires_at) : 'Never'}</td>
                  <td>
                    {c.available > 0 && !licensed && online ? (
                      <Link className="btn primary" to={`/me/claim/${c.id}`} aria-label={`Claim a licence from agreement ${c.id}`}>Claim</Link>
                    ) : (
                      <span className="muted small">{licensed ? 'Device licensed' : c.available > 0 ? 'Offline' : 'No free seats'}</span>
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
  // The wrapper says when the licence changed on its side (docs/native-bridge.md).
  useEffect(() => onNativeEvent((name) => {
    if (name === 'licenceChanged') void qc.invalidateQueries({ queryKey: licenceKeys.all });
  }), [qc]);
  const current = licence.data?.license;
  return (
    <>
      {!online && (
        <p className="alert info" role="status">You are offline. This is the licence as last seen; claiming or relinquishing needs a connection.</p>
      )}
      <CurrentLicenceCard licence={current} deviceId={deviceId} product={product} loading={licence.isPending && licence.fetchStatus !== 'idle' && licence.fetchStatus !== 'paused'} online={online} />
      <AgreementsCard
        contracts={contracts.data}
        licensed={Boolean(current)}
        loading={contracts.isPending && contracts.fetchStatus === 'fetching'}
        error={contracts.error?.message ?? (contracts.isPending && !online ? 'The agreements cannot be loaded offline.' : null)}
        online={online}
      />
    </>
  );
}

export function Component() {
  const native = isNativeApp();
  const device = useDeviceInfo();
  return (
    <div className="licensing">
      <h1>Licensing</h1>
      {!native ? <BrowserNotice /> : !device.hasInfo || !device.product ? <WaitingForDevice /> : <NativeProvisioning deviceId={device.device_id!} product={device.product} />}
    </div>
  );
}
