// Admin seat board (/admin/licences/contracts/:contractId): the contract, its seats (device, serial,
// kit colour, claimed by, claimed at) with Reclaim (confirmed; an admin relinquish, audited), and
// changing the number of seats or the expiry.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import type { SeatBoard } from '../../../../shared/schemas/licences';
import { useReclaimSeat, useSeatBoard, useUpdateContract } from '../api/admin-seat-board';
import { KitColourSwatch } from '../components/kit-colour';
import { formatDate, formatDateTime } from '../components/format';
import { agreementTypeLabel, ownerTypeLabel, useLicencesT } from '../components/texts';
import '../licences.css';

function EditContract({ board }: { board: SeatBoard }) {
  const update = useUpdateContract(board.contract.id);
  const toast = useToast();
  const t = useLicencesT();
  const [seats, setSeats] = useState(String(board.contract.number_of_licenses_allowed));
  const [expires, setExpires] = useState(board.contract.expires_at ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { number_of_licenses_allowed: Number(seats), expires_at: expires || null },
      { onSuccess: () => toast(t('board.updated')) },
    );
  };
  return (
    <form className="form-row" onSubmit={submit} noValidate>
      <div>
        <label htmlFor="edit-seats">{t('admin.numberOfLicences')}</label>
        <input id="edit-seats" type="number" min={1} value={seats} onChange={(e) => setSeats(e.target.value)} />
      </div>
      <div>
        <label htmlFor="edit-expires">{t('expires')}</label>
        <input id="edit-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </div>
      <button type="submit" className="btn" disabled={update.isPending}>{t('board.save')}</button>
      {update.isError && <p className="field-error" role="alert">{update.error.message}</p>}
    </form>
  );
}

function Seats({ board }: { board: SeatBoard }) {
  const reclaim = useReclaimSeat(board.contract.id);
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const t = useLicencesT();
  const onReclaim = async (seat: SeatBoard['seats'][number]) => {
    const ok = await confirm({
      title: t('board.reclaimTitle'),
      message: t('board.reclaimMessage', { device: seat.device_id, serial: seat.device_serial_number }),
      confirmLabel: t('board.reclaim'),
      danger: true,
    });
    if (!ok) return;
    reclaim.mutate(seat.id, { onSuccess: () => toast(t('board.reclaimed')), onError: (err) => void alert(t('error'), err.message) });
  };
  if (!board.seats.length) return <p className="muted">{t('board.noSeats')}</p>;
  return (
    <div className="table-wrap">
      <table className="licence-table">
        <thead>
          <tr>
            <th scope="col">{t('board.device')}</th>
            <th scope="col">{t('board.serial')}</th>
            <th scope="col">{t('board.kitColour')}</th>
            <th scope="col">{t('board.claimedBy')}</th>
            <th scope="col">{t('board.claimedAt')}</th>
            <th scope="col"><span className="visually-hidden">{t('board.reclaim')}</span></th>
          </tr>
        </thead>
        <tbody>
          {board.seats.map((s) => (
            <tr key={s.id} data-testid={`seat-${s.device_id}`}>
              <td data-label={t('board.device')}>{s.device_id}</td>
              <td data-label={t('board.serial')}>{s.device_serial_number}</td>
              <td data-label={t('board.kitColour')}><KitColourSwatch colour={s.license_colour} /></td>
              <td data-label={t('board.claimedBy')}><span>{s.claimed_by.first_name} {s.claimed_by.last_name} <span className="muted small">({s.claimed_by.username})</span></span></td>
              <td data-label={t('board.claimedAt')}>{formatDateTime(s.claimed_at)}</td>
              <td>
                <button type="button" className="btn danger" disabled={reclaim.isPending} onClick={() => void onReclaim(s)} aria-label={t('board.reclaimSeatOf', { device: s.device_id })}>
                  {t('board.reclaim')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Component() {
  const { contractId } = useParams();
  const id = Number(contractId);
  const { data, isPending, error } = useSeatBoard(Number.isInteger(id) ? id : 0);
  const t = useLicencesT();
  return (
    <div className="admin-licences">
      <p className="breadcrumb"><Link to="/admin/licences">{t('admin.title')}</Link> / {t('board.breadcrumb', { id: contractId })}</p>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : (
        <>
          <section className="card">
            <h1>{t('board.heading', { id: data.contract.id, product: data.contract.product.name })}</h1>
            <dl className="licence-details">
              <dt>{t('admin.belongsTo')}</dt>
              <dd>{data.contract.owner.name} ({ownerTypeLabel(t, data.contract.owner.type)})</dd>
              <dt>{t('type')}</dt>
              <dd>{agreementTypeLabel(t, data.contract.agreement_type)}</dd>
              <dt>{t('seats')}</dt>
              <dd data-testid="board-seats">{t('seatsUsed', { used: data.contract.licenses, total: data.contract.number_of_licenses_allowed, free: data.contract.available })}</dd>
              <dt>{t('board.created')}</dt>
              <dd>{formatDate(data.contract.agreement_creation_date)}</dd>
              <dt>{t('expires')}</dt>
              <dd>{data.contract.expires_at ? formatDate(data.contract.expires_at) : t('never')}</dd>
              <dt>{t('modules')}</dt>
              <dd>{data.contract.product_modules.map((m) => m.name).join(', ') || t('noModules')}</dd>
            </dl>
            <EditContract key={`${data.contract.number_of_licenses_allowed}-${data.contract.expires_at}`} board={data} />
          </section>
          <section className="card" aria-labelledby="seats-heading">
            <h2 id="seats-heading">{t('seats')}</h2>
            <Seats board={data} />
          </section>
        </>
      )}
    </div>
  );
}
