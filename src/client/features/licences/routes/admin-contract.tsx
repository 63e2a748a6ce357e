// Admin seat board (/admin/licences/contracts/:contractId): the contract, its seats (device, serial,
// kit colour, claimed by, claimed at) with Reclaim (confirmed; an admin relinquish, audited), and
// changing the number of seats or the expiry.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { AGREEMENT_TYPE_LABELS, NO_MODULES_TEXT, type SeatBoard } from '../../../../shared/schemas/licences';
import { useReclaimSeat, useSeatBoard, useUpdateContract } from '../api/admin-seat-board';
import { KitColourSwatch } from '../components/kit-colour';
import { formatDate, formatDateTime } from '../components/format';
import '../licences.css';

function EditContract({ board }: { board: SeatBoard }) {
  const update = useUpdateContract(board.contract.id);
  const toast = useToast();
  const [seats, setSeats] = useState(String(board.contract.number_of_licenses_allowed));
  const [expires, setExpires] = useState(board.contract.expires_at ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { number_of_licenses_allowed: Number(seats), expires_at: expires || null },
      { onSuccess: () => toast('The agreement was updated.') },
    );
  };
  return (
    <form className="form-row" onSubmit={submit} noValidate>
      <div>
        <label htmlFor="edit-seats">Number of licences</label>
        <input id="edit-seats" type="number" min={1} value={seats} onChange={(e) => setSeats(e.target.value)} />
      </div>
      <div>
        <label htmlFor="edit-expires">Expires</label>
        <input id="edit-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </div>
      <button type="submit" className="btn" disabled={update.isPending}>Save</button>
      {update.isError && <p className="field-error" role="alert">{update.error.message}</p>}
    </form>
  );
}

function Seats({ board }: { board: SeatBoard }) {
  const reclaim = useReclaimSeat(board.contract.id);
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const toast = useToast();
  const onReclaim = async (seat: SeatBoard['seats'][number]) => {
    const ok = await confirm({
      title: 'Reclaim seat',
      message: `Reclaim the seat of ${seat.device_id} (serial ${seat.device_serial_number})? The device stops being licensed.`,
      confirmLabel: 'Reclaim',
      danger: true,
    });
    if (!ok) return;
    reclaim.mutate(seat.id, { onSuccess: () => toast('The seat was reclaimed.'), onError: (err) => void alert('Error', err.message) });
  };
  if (!board.seats.length) return <p className="muted">No seats are in use.</p>;
  return (
    <div className="table-wrap">
      <table className="licence-table">
        <thead>
          <tr>
            <th scope="col">Device</th>
            <th scope="col">Serial</th>
            <th scope="col">Kit colour</th>
            <th scope="col">Claimed by</th>
            <th scope="col">Claimed at</th>
            <th scope="col"><span className="visually-hidden">Reclaim</span></th>
          </tr>
        </thead>
        <tbody>
          {board.seats.map((s) => (
            <tr key={s.id} data-testid={`seat-${s.device_id}`}>
              <td data-label="Device">{s.device_id}</td>
              <td data-label="Serial">{s.device_serial_number}</td>
              <td data-label="Kit colour"><KitColourSwatch colour={s.license_colour} /></td>
              <td data-label="Claimed by"><span>{s.claimed_by.first_name} {s.claimed_by.last_name} <span className="muted small">({s.claimed_by.username})</span></span></td>
              <td data-label="Claimed at">{formatDateTime(s.claimed_at)}</td>
              <td>
                <button type="button" className="btn danger" disabled={reclaim.isPending} onClick={() => void onReclaim(s)} aria-label={`Reclaim the seat of ${s.device_id}`}>
                  Reclaim
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
  return (
    <div className="admin-licences">
      <p className="breadcrumb"><Link to="/admin/licences">Licences</Link> / Agreement {contractId}</p>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : (
        <>
          <section className="card">
            <h1>Agreement #{data.contract.id}: {data.contract.product.name}</h1>
            <dl className="licence-details">
              <dt>Belongs to</dt>
              <dd>{data.contract.owner.name} ({data.contract.owner.type})</dd>
              <dt>Type</dt>
              <dd>{AGREEMENT_TYPE_LABELS[data.contract.agreement_type] ?? data.contract.agreement_type}</dd>
              <dt>Seats</dt>
              <dd data-testid="board-seats">{data.contract.licenses} used of {data.contract.number_of_licenses_allowed} · {data.contract.available} free</dd>
              <dt>Created</dt>
              <dd>{formatDate(data.contract.agreement_creation_date)}</dd>
              <dt>Expires</dt>
              <dd>{data.contract.expires_at ? formatDate(data.contract.expires_at) : 'Never'}</dd>
              <dt>Modules</dt>
              <dd>{data.contract.product_modules.map((m) => m.name).join(', ') || NO_MODULES_TEXT}</dd>
            </dl>
            <EditContract key={`${data.contract.number_of_licenses_allowed}-${data.contract.expires_at}`} board={data} />
          </section>
          <section className="card" aria-labelledby="seats-heading">
            <h2 id="seats-heading">Seats</h2>
            <Seats board={data} />
          </section>
        </>
      )}
    </div>
  );
}
