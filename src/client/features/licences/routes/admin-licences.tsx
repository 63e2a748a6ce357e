// Admin licences (/admin/licences; DESIGN section 8: contracts come from an admin screen): products
// with their modules, a new contract for an organisation or a user, and every contract with its
// seats, each opening its seat board.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { AGREEMENT_TYPE_LABELS, type LicenceProduct } from '../../../../shared/schemas/licences';
import { useAdminContracts, useAdminOrganisations, useCreateContract } from '../api/admin-contracts';
import { useAdminProducts, useCreateModule, useCreateProduct } from '../api/admin-products';
import { formatDate } from '../components/format';
import { agreementTypeLabel, ownerTypeLabel, useLicencesT } from '../components/texts';
import '../licences.css';

function AddModule({ product }: { product: LicenceProduct }) {
  const create = useCreateModule();
  const t = useLicencesT();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ productId: product.id, name }, { onSuccess: () => setName('') });
  };
  return (
    <form className="inline-control" onSubmit={submit}>
      <label htmlFor={`module-${product.id}`} className="visually-hidden">{t('admin.newModuleOf', { product: product.name })}</label>
      <input id={`module-${product.id}`} placeholder={t('admin.newModule')} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn" disabled={create.isPending}>{t('admin.addModule')}</button>
      {create.isError && <p className="field-error" role="alert">{create.error.message}</p>}
    </form>
  );
}

function Products({ products }: { products: LicenceProduct[] }) {
  const create = useCreateProduct();
  const toast = useToast();
  const t = useLicencesT();
  const [name, setName] = useState('');
  const [keyName, setKeyName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name, key_name: keyName }, { onSuccess: (p) => { setName(''); setKeyName(''); toast(t('admin.productCreated', { name: p.name })); } });
  };
  return (
    <section className="card" aria-labelledby="products-heading">
      <h2 id="products-heading">{t('admin.products')}</h2>
      <ul className="plain-list product-list">
        {products.map((p) => (
          <li key={p.id} data-testid={`product-${p.key_name}`}>
            <div>
              <strong>{p.name}</strong> <span className="muted small">{t('admin.reportedAs', { key: p.key_name })}</span>
            </div>
            <div className="module-list">
              {p.modules.length ? p.modules.map((m) => <span key={m.id} className="tag">{m.name}</span>) : <span className="muted small">{t('admin.noModulesYet')}</span>}
            </div>
            <AddModule product={p} />
          </li>
        ))}
      </ul>
      <form className="form-row" onSubmit={submit}>
        <div>
          <label htmlFor="product-name">{t('admin.productName')}</label>
          <input id="product-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor="product-key">{t('admin.keyName')}</label>
          <input id="product-key" value={keyName} onChange={(e) => setKeyName(e.target.value)} />
        </div>
        <button type="submit" className="btn primary" disabled={create.isPending}>{t('admin.addProduct')}</button>
      </form>
      {create.isError && <p className="field-error" role="alert">{create.error.message}</p>}
    </section>
  );
}

function NewContract({ products }: { products: LicenceProduct[] }) {
  const organisations = useAdminOrganisations();
  const create = useCreateContract();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useLicencesT();
  const [productId, setProductId] = useState<number | ''>('');
  const [type, setType] = useState(0);
  const [seats, setSeats] = useState('1');
  const [modules, setModules] = useState<number[]>([]);
  const [ownerKind, setOwnerKind] = useState<'organisation' | 'user'>('organisation');
  const [organisationId, setOrganisationId] = useState<number | ''>('');
  const [username, setUsername] = useState('');
  const [expires, setExpires] = useState('');
  const product = products.find((p) => p.id === productId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    create.mutate(
      {
        product_id: productId === '' ? (null as unknown as number) : productId,
        agreement_type: type,
        number_of_licenses_allowed: seats.trim() === '' ? (null as unknown as number) : Number(seats),
        module_ids: modules,
        organisation_id: ownerKind === 'organisation' && organisationId !== '' ? organisationId : null,
        username: ownerKind === 'user' ? username : null,
        expires_at: expires || null,
      },
      {
        onSuccess: (board) => {
          toast(t('admin.agreementCreated', { id: board.contract.id }));
          navigate(`/admin/licences/contracts/${board.contract.id}`);
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="new-contract-heading">
      <h2 id="new-contract-heading">{t('admin.newContract')}</h2>
      <form className="contract-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <div>
            <label htmlFor="contract-product">{t('admin.product')}</label>
            <select id="contract-product" value={productId} onChange={(e) => { setProductId(e.target.value ? Number(e.target.value) : ''); setModules([]); }}>
              <option value="">{t('admin.chooseProduct')}</option>
              {products.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="contract-type">{t('admin.agreementType')}</label>
            <select id="contract-type" value={type} onChange={(e) => setType(Number(e.target.value))}>
              {Object.keys(AGREEMENT_TYPE_LABELS).map((value) => <option key={value} value={value}>{agreementTypeLabel(t, Number(value))}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="contract-seats">{t('admin.numberOfLicences')}</label>
            <input id="contract-seats" type="number" min={1} inputMode="numeric" value={seats} onChange={(e) => setSeats(e.target.value)} />
          </div>
          <div>
            <label htmlFor="contract-expires">{t('admin.expiresOptional')}</label>
            <input id="contract-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </div>
        </div>
        {product && (
          <fieldset>
            <legend>{t('modules')}</legend>
            {product.modules.length ? (
              product.modules.map((m) => (
                <label key={m.id} className="inline-label">
                  <input type="checkbox" checked={modules.includes(m.id)} onChange={(e) => setModules((list) => (e.target.checked ? [...list, m.id] : list.filter((x) => x !== m.id)))} />
                  {m.name}
                </label>
              ))
            ) : (
              <p className="muted small">{t('admin.productHasNoModules')}</p>
            )}
          </fieldset>
        )}
        <fieldset>
          <legend>{t('admin.belongsTo')}</legend>
          <label className="inline-label">
            <input type="radio" name="owner-kind" checked={ownerKind === 'organisation'} onChange={() => setOwnerKind('organisation')} /> {t('admin.anOrganisation')}
          </label>
          <label className="inline-label">
            <input type="radio" name="owner-kind" checked={ownerKind === 'user'} onChange={() => setOwnerKind('user')} /> {t('admin.aUser')}
          </label>
          {ownerKind === 'organisation' ? (
            <>
              <label htmlFor="contract-organisation">{t('admin.organisation')}</label>
              <select id="contract-organisation" value={organisationId} onChange={(e) => setOrganisationId(e.target.value ? Number(e.target.value) : '')}>
                <option value="">{t('admin.chooseOrganisation')}</option>
                {organisations.data?.organisations.map((o) => <option key={o.id} value={o.id}>{o.name} ({o.organisation_code})</option>)}
              </select>
            </>
          ) : (
            <>
              <label htmlFor="contract-username">{t('admin.username')}</label>
              <input id="contract-username" value={username} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
            </>
          )}
        </fieldset>
        {create.isError && <p className="alert error" role="alert">{create.error.message}</p>}
        <button type="submit" className="btn primary" disabled={create.isPending}>{create.isPending ? t('admin.creating') : t('admin.createContract')}</button>
      </form>
    </section>
  );
}

function Contracts() {
  const { data, isPending, error } = useAdminContracts();
  const t = useLicencesT();
  return (
    <section className="card" aria-labelledby="contracts-heading">
      <h2 id="contracts-heading">{t('admin.contracts')}</h2>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <p className="alert error" role="alert">{error.message}</p>
      ) : !data.contracts.length ? (
        <p className="muted">{t('admin.noContracts')}</p>
      ) : (
        <div className="table-wrap">
          <table className="licence-table">
            <thead>
              <tr>
                <th scope="col">{t('agreement')}</th>
                <th scope="col">{t('admin.belongsTo')}</th>
                <th scope="col">{t('type')}</th>
                <th scope="col">{t('seats')}</th>
                <th scope="col">{t('expires')}</th>
                <th scope="col"><span className="visually-hidden">{t('admin.seatBoard')}</span></th>
              </tr>
            </thead>
            <tbody>
              {data.contracts.map((c) => (
                <tr key={c.id} data-testid={`contract-${c.id}`}>
                  <td data-label={t('agreement')}><span><strong>#{c.id}</strong> {c.product.name}</span></td>
                  <td data-label={t('admin.belongsTo')}><span>{c.owner.name} <span className="muted small">({ownerTypeLabel(t, c.owner.type)})</span></span></td>
                  <td data-label={t('type')}>{agreementTypeLabel(t, c.agreement_type)}</td>
                  <td data-label={t('seats')}><span>{t('seatsUsed', { used: c.licenses, total: c.number_of_licenses_allowed, free: c.available })}</span></td>
                  <td data-label={t('expires')}>{c.expires_at ? formatDate(c.expires_at) : t('never')}</td>
                  <td><Link className="btn" to={`/admin/licences/contracts/${c.id}`} aria-label={t('admin.seatsOfAgreement', { id: c.id })}>{t('seats')}</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function Component() {
  const products = useAdminProducts();
  const t = useLicencesT();
  return (
    <div className="admin-licences">
      <div className="page-header">
        <h1>{t('admin.title')}</h1>
        <Link to="/admin/builds">{t('admin.appBuilds')}</Link>
      </div>
      {products.isPending ? (
        <Spinner />
      ) : products.isError ? (
        <p className="alert error" role="alert">{products.error.message}</p>
      ) : (
        <>
          <Contracts />
          <NewContract products={products.data.products} />
          <Products products={products.data.products} />
        </>
      )}
    </div>
  );
}
