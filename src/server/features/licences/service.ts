// Device licences (spec sections 2, 4 'Licence', 6 and 7): which contracts a provisioner may claim
// from, the device's current licence, claim (signed licence string) and relinquish. Access first
// (canProvision, the contract's owner), then the rules, then mapping rows to the contract shapes.
import type { ClaimResponse, CurrentLicence, LicenceContract, LicencePublicKey, MyLicence } from '../../../shared/schemas/licences.js';
import { LEGACY_AGREEMENT_TYPES } from '../../../shared/schemas/licences.js';
import { hasRole, Role } from '../../../shared/enums.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { DeviceLicensed, SeatTaken, type ContractRow, type LicenceRow, type LicencesRepository } from './repository.js';
import { LICENCE_FORMAT, type LicenceSigner } from './signing.js';

export const LICENCE_MESSAGES = {
  notProvisioner: 'Only users who can provision devices can manage licences.',
  contractNotFound: 'Licence agreement not found',
  licenceNotFound: 'Licence not found',
  deviceLicensed: 'This device already holds a licence. Relinquish it before claiming another.',
  noSeat: 'There are no free licences left on this agreement.',
  relinquished: 'The licence was relinquished.',
  expired: (date: string) => `This licence agreement expired on ${date}.`,
  productMismatch: (contractProduct: string, deviceProduct: string) =>
    `This agreement is for ${contractProduct} devices, but this device is a ${deviceProduct}.`,
} as const;

type Module = { id: number; name: string };

/** Agreements run to the end of their expiry day (UTC). */
export const expiryInstant = (expiresAt: string | null) => (expiresAt ? `${expiresAt}T23:59:59.999Z` : null);
const isExpired = (expiresAt: string | null) => expiresAt !== null && expiryInstant(expiresAt)! < new Date().toISOString();

export function presentContract(row: ContractRow, modules: Module[]): LicenceContract {
  const isOrg = row.organisation_id != null;
  return {
    id: row.id,
    product: { id: row.product_id, name: row.product_name, key_name: row.product_key },
    agreement_type: row.agreement_type,
    number_of_licenses_allowed: row.number_of_licenses_allowed,
    licenses: row.licenses_used,
    available: Math.max(0, row.number_of_licenses_allowed - row.licenses_used),
    agreement_creation_date: row.agreement_creation_date,
    expires_at: row.expires_at,
    product_modules: modules,
    owner: isOrg
      ? { type: 'organisation', id: row.organisation_id!, name: row.organisation_name ?? '' }
      : { type: 'user', id: row.user_id ?? 0, name: `${row.user_first_name ?? ''} ${row.user_last_name ?? ''}`.trim() },
  };
}

function presentLicence(row: LicenceRow, modules: Module[]): CurrentLicence {
  return {
    id: row.id,
    license_contract_id: row.contract_id,
    device_id: row.device_id,
    device_serial_number: row.device_serial_number,
    license_colour: row.license_colour,
    product: { id: row.product_id, name: row.product_name, key_name: row.product_key },
    product_modules: modules,
    claimed_at: row.claimed_at,
    expires_at: row.expires_at,
  };
}

/** The user may claim from (and manage licences of) contracts of their own and of their organisation. */
const ownsContract = (user: SessionUser, c: { user_id: number | null; organisation_id: number | null }) =>
  c.user_id === user.id || (user.organisation_id != null && c.organisation_id === user.organisation_id);

const isAdmin = (user: SessionUser) => hasRole(user.role, Role.Admin);

function requireProvisioner(user: SessionUser) {
  if (!user.can_provision) throw forbidden(LICENCE_MESSAGES.notProvisioner);
}

export function licencesService(repo: LicencesRepository, signer: LicenceSigner) {
  async function withModules(rows: ContractRow[]): Promise<LicenceContract[]> {
    const modules = await repo.modulesOfContracts(rows.map((r) => r.id));
    return rows.map((r) => presentContract(r, modules.get(r.id) ?? []));
  }

  async function licenceOut(row: LicenceRow): Promise<CurrentLicence> {
    const modules = await repo.modulesOfContracts([row.contract_id]);
    return presentLicence(row, modules.get(row.contract_id) ?? []);
  }

  return {
    withModules,

    publicKey(): LicencePublicKey {
      return {
        algorithm: 'Ed25519',
        key_id: signer.keyId,
        public_key_pem: signer.publicKeyPem,
        public_key_raw: signer.publicKeyRaw,
        format: `${LICENCE_FORMAT}.<base64url(JSON payload)>.<base64url(Ed25519 signature of "${LICENCE_FORMAT}.<payload>")>`,
      };
    },

    /** GET MyContracts: the caller's and their organisation's contracts for the device's product. */
    async myContracts(user: SessionUser, product: string): Promise<LicenceContract[]> {
      requireProvisioner(user);
      return withModules(await repo.contracts({ userId: user.id, organisationId: user.organisation_id }, product));
    },

    /** GET MyLicense: the device's licence for the product, when the caller may manage its contract. */
    async myLicence(user: SessionUser, deviceId: string, product: string): Promise<MyLicence> {
      requireProvisioner(user);
      const row = await repo.activeLicenceForDevice(deviceId);
      if (!row || row.product_key.toLowerCase() !== product.toLowerCase()) return { license: null };
      if (!ownsContract(user, row) && row.claimed_by !== user.id && !isAdmin(user)) return { license: null };
      return { license: await licenceOut(row) };
    },

    async claim(
      user: SessionUser,
      body: { ContractId: number; DeviceId: string; Product: string; KitColour: string; DeviceSerialNumber: string },
    ): Promise<ClaimResponse> {
      requireProvisioner(user);
      const contract = await repo.contractById(body.ContractId);
      if (!contract || !ownsContract(user, contract)) throw notFound(LICENCE_MESSAGES.contractNotFound);
      if (isExpired(contract.expires_at)) throw conflict(LICENCE_MESSAGES.expired(contract.expires_at!));
      if (contract.product_key.toLowerCase() !== body.Product.toLowerCase()) {
        throw conflict(LICENCE_MESSAGES.productMismatch(contract.product_name, body.Product));
      }
      // Friendly early answers; the transaction below is what actually decides.
      if (await repo.activeLicenceForDevice(body.DeviceId)) throw conflict(LICENCE_MESSAGES.deviceLicensed);
      let licenceId: number;
      try {
        licenceId = await repo.claim({
          contractId: contract.id,
          deviceId: body.DeviceId,
          serial: body.DeviceSerialNumber,
          colour: body.KitColour,
          userId: user.id,
        });
      } catch (err) {
        if (err instanceof SeatTaken) throw conflict(LICENCE_MESSAGES.noSeat);
        if (err instanceof DeviceLicensed) throw conflict(LICENCE_MESSAGES.deviceLicensed);
        throw err;
      }
      const row = (await repo.activeLicenceById(licenceId))!;
      const licence = await licenceOut(row);
      const legacy = LEGACY_AGREEMENT_TYPES.includes(contract.agreement_type);
      const type = legacy ? 'legacyLicense' : 'license';
      const signed = signer.sign({
        lid: licence.id,
        cid: contract.id,
        did: licence.device_id,
        sn: licence.device_serial_number,
        product: contract.product_key,
        modules: licence.product_modules.map((m) => m.name),
        colour: licence.license_colour,
        type,
        iat: licence.claimed_at,
        exp: expiryInstant(contract.expires_at),
      });
      await repo.audit(user.id, 'licence.claim', 'licence', licence.id, { contract_id: contract.id, device_id: licence.device_id });
      return legacy ? { type, legacy_license_string: signed, license: licence } : { type, license_string: signed, license: licence };
    },

    /** DELETE RelinquishLicense: the claimer, a provisioner of the contract's owner, or an admin. */
    async relinquish(user: SessionUser, licenceId: number, deviceId: string) {
      if (!isAdmin(user)) requireProvisioner(user);
      const row = await repo.activeLicenceById(licenceId);
      if (!row || row.device_id !== deviceId) throw notFound(LICENCE_MESSAGES.licenceNotFound);
      if (!isAdmin(user) && !ownsContract(user, row) && row.claimed_by !== user.id) throw notFound(LICENCE_MESSAGES.licenceNotFound);
      if (!(await repo.relinquish(licenceId, user.id))) throw notFound(LICENCE_MESSAGES.licenceNotFound);
      await repo.audit(user.id, 'licence.relinquish', 'licence', licenceId, { contract_id: row.contract_id, device_id: deviceId });
      return { message: LICENCE_MESSAGES.relinquished, license_id: licenceId, device_id: deviceId };
    },
  };
}

export type LicencesService = ReturnType<typeof licencesService>;
