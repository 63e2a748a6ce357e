// Current License (spec section 2 'Licensing'): agreement ID, device ID, device serial, kit colour and
// the included modules, or the spec's text when the agreement has none.
import type { CurrentLicence } from '../../../../shared/schemas/licences';
import { KitColourSwatch } from './kit-colour';
import { useLicencesT } from './texts';

export function CurrentLicenceDetails({ licence }: { licence: CurrentLicence }) {
  const t = useLicencesT();
  return (
    <dl className="licence-details" data-testid="current-licence">
      <dt>{t('current.agreementId')}</dt>
      <dd>{licence.license_contract_id}</dd>
      <dt>{t('current.product')}</dt>
      <dd>{licence.product.name}</dd>
      <dt>{t('deviceId')}</dt>
      <dd>{licence.device_id}</dd>
      <dt>{t('current.deviceSerial')}</dt>
      <dd>{licence.device_serial_number}</dd>
      <dt>{t('kitColourTitle')}</dt>
      <dd><KitColourSwatch colour={licence.license_colour} /></dd>
      <dt>{t('current.includedModules')}</dt>
      <dd>
        {licence.product_modules.length ? (
          <ul className="plain-list module-list">
            {licence.product_modules.map((m) => <li key={m.id} className="tag">{m.name}</li>)}
          </ul>
        ) : (
          <span className="muted">{t('noModules')}</span>
        )}
      </dd>
    </dl>
  );
}
