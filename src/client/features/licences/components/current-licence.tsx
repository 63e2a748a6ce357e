// Current License (spec section 2 'Licensing'): agreement ID, device ID, device serial, kit colour and
// the included modules, or the spec's text when the agreement has none.
import type { CurrentLicence } from '../../../../shared/schemas/licences';
import { NO_MODULES_TEXT } from '../../../../shared/schemas/licences';
import { KitColourSwatch } from './kit-colour';

export function CurrentLicenceDetails({ licence }: { licence: CurrentLicence }) {
  return (
    <dl className="licence-details" data-testid="current-licence">
      <dt>Agreement ID</dt>
      <dd>{licence.license_contract_id}</dd>
      <dt>Product</dt>
      <dd>{licence.product.name}</dd>
      <dt>Device ID</dt>
      <dd>{licence.device_id}</dd>
      <dt>Device Serial</dt>
      <dd>{licence.device_serial_number}</dd>
      <dt>Kit Colour</dt>
      <dd><KitColourSwatch colour={licence.license_colour} /></dd>
      <dt>Included Modules</dt>
      <dd>
        {licence.product_modules.length ? (
          <ul className="plain-list module-list">
            {licence.product_modules.map((m) => <li key={m.id} className="tag">{m.name}</li>)}
          </ul>
        ) : (
          <span className="muted">{NO_MODULES_TEXT}</span>
        )}
      </dd>
    </dl>
  );
}
