// Claim licence (/me/claim/:contractId, spec section 2): the contract, the device id and the chosen
// kit colour; a chooser of the 15 kit colours and the device serial (with where to find it); 'License
// Current Device', one submission at a time, both fields required with a message beside each. The
// licence goes to the native handler named by the answer's type; the page then shows it.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import * as v from 'valibot';
import { useAlertDialog } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { isNativeApp, useDeviceInfo } from '../../../lib/native-bridge';
import { useOnline } from '../../../offline/use-online';
import { claimFormSchema, type KitColour, type LicenceContract } from '../../../../shared/schemas/licences';
import { useClaimLicence } from '../api/claim-licence';
import { useMyContracts } from '../api/get-my-contracts';
import { BrowserNotice, WaitingForDevice } from '../components/device-notice';
import { KitColourChooser, KitColourSwatch } from '../components/kit-colour';
import { formatDate } from '../components/format';
import { agreementTypeLabel, fieldMessage, useLicencesT } from '../components/texts';
import '../licences.css';

type FieldErrors = Partial<Record<'KitColour' | 'DeviceSerialNumber', string>>;

function ClaimForm({ contract, deviceId, product }: { contract: LicenceContract; deviceId: string; product: string }) {
  const online = useOnline();
  const claim = useClaimLicence();
  const navigate = useNavigate();
  const alert = useAlertDialog();
  const toast = useToast();
  const t = useLicencesT();
  const [colour, setColour] = useState<KitColour | ''>('');
  const [serial, setSerial] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // One key per submission: a retry after a dropped answer takes no second seat.
  const key = useRef<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (claim.isPending || !online) return;
    const parsed = v.safeParse(claimFormSchema, { KitColour: colour, DeviceSerialNumber: serial });
    if (!parsed.success) {
      const flat = v.flatten<typeof claimFormSchema>(parsed.issues).nested ?? {};
      setErrors({ KitColour: fieldMessage(t, flat.KitColour?.[0]), DeviceSerialNumber: fieldMessage(t, flat.DeviceSerialNumber?.[0]) });
      return;
    }
    setErrors({});
    key.current ??= crypto.randomUUID();
    claim.mutate(
      { body: { ContractId: contract.id, DeviceId: deviceId, Product: product, ...parsed.output }, idempotencyKey: key.current },
      {
        onSuccess: () => {
          key.current = null;
          toast(t('claim.claimed'));
          navigate('/me/provisioning');
        },
        onError: (err) => {
          // A definite refusal ends this submission; a lost connection keeps the key for the retry.
          if (err instanceof ApiError && err.status !== 0) key.current = null;
          void alert(t('error'), `${t('claimErrorPrefix')} ${err.message}`);
        },
      },
    );
  };

  return (
    <form className="card claim-form" onSubmit={submit} noValidate>
      <dl className="licence-details">
        <dt>{t('claim.contract')}</dt>
        <dd>
          {t('claim.contractLine', { id: contract.id, product: contract.product.name, type: agreementTypeLabel(t, contract.agreement_type), available: contract.available, total: contract.number_of_licenses_allowed })}
          {contract.expires_at && t('claim.expiresOn', { date: formatDate(contract.expires_at) })}
        </dd>
        <dt>{t('deviceId')}</dt>
        <dd data-testid="claim-device-id">{deviceId}</dd>
        <dt>{t('kitColourTitle')}</dt>
        <dd data-testid="claim-kit-colour">{colour ? <KitColourSwatch colour={colour} /> : <span className="muted">{t('claim.notChosen')}</span>}</dd>
      </dl>

      <p id="kit-colour-label" className="field-label">{t('claim.kitColour')}</p>
      <KitColourChooser value={colour} onChange={(c) => { setColour(c); setErrors((e) => ({ ...e, KitColour: undefined })); }} invalid={Boolean(errors.KitColour)} describedBy={errors.KitColour ? 'kit-colour-error' : undefined} />
      {errors.KitColour && <p className="field-error" id="kit-colour-error">{errors.KitColour}</p>}

      <label htmlFor="device-serial">{t('claim.deviceSerial')}</label>
      <input
        id="device-serial"
        value={serial}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={Boolean(errors.DeviceSerialNumber)}
        aria-describedby={`device-serial-hint${errors.DeviceSerialNumber ? ' device-serial-error' : ''}`}
        onChange={(e) => { setSerial(e.target.value); setErrors((x) => ({ ...x, DeviceSerialNumber: undefined })); }}
      />
      <p className="help" id="device-serial-hint">{t('serialHint')}</p>
      {errors.DeviceSerialNumber && <p className="field-error" id="device-serial-error">{errors.DeviceSerialNumber}</p>}

      {!online && <p className="alert info" role="status">{t('claim.needsConnection')}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={claim.isPending || !online}>
          {claim.isPending ? t('claim.licensing') : t('claim.submit')}
        </button>
        <Link to="/me/provisioning" className="btn">{t('claim.cancel')}</Link>
      </div>
    </form>
  );
}

function NativeClaim({ contractId, deviceId, product }: { contractId: number; deviceId: string; product: string }) {
  const online = useOnline();
  const contracts = useMyContracts(deviceId, product);
  const contract = contracts.data?.find((c) => c.id === contractId);
  const t = useLicencesT();
  if (contracts.isPending && contracts.fetchStatus === 'fetching') return <Spinner label={t('claim.loadingAgreement')} />;
  if (!contract) {
    return (
      <p className="alert error" role="alert">
        {!online && !contracts.data ? t('claim.needsConnection') : contracts.error?.message ?? t('claim.notFound')}
      </p>
    );
  }
  return <ClaimForm contract={contract} deviceId={deviceId} product={product} />;
}

export function Component() {
  const { contractId } = useParams();
  const native = isNativeApp();
  const device = useDeviceInfo();
  const id = Number(contractId);
  const t = useLicencesT();
  return (
    <div className="licensing">
      <p className="breadcrumb"><Link to="/me/provisioning">{t('provisioning.title')}</Link> / {t('claim.breadcrumb')}</p>
      <h1>{t('claim.title')}</h1>
      {!native ? (
        <BrowserNotice />
      ) : !device.hasInfo || !device.product ? (
        <WaitingForDevice />
      ) : !Number.isInteger(id) || id < 1 ? (
        <p className="alert error" role="alert">{t('claim.notFound')}</p>
      ) : (
        <NativeClaim contractId={id} deviceId={device.device_id!} product={device.product} />
      )}
    </div>
  );
}
