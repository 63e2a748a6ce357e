// Admin side of licences (DESIGN section 8: contracts come from an admin API): products and their
// modules, contracts for an organisation or a user, and the seat board with Reclaim. Every change
// is written to the audit log. Routes require the Admin role; the service checks it again.
import type { LicenceContract, LicenceProduct, SeatBoard } from '../../../shared/schemas/licences.js';
import { hasRole, Role } from '../../../shared/enums.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { LicencesRepository } from './repository.js';
import type { LicencesService } from './service.js';

export const ADMIN_LICENCE_MESSAGES = {
  productKeyTaken: (key: string) => `A product with the key name ${key} already exists.`,
  moduleTaken: (name: string) => `This product already has a module named ${name}.`,
  productNotFound: 'Product not found',
  unknownProduct: 'That product does not exist.',
  foreignModules: 'The modules must belong to the chosen product.',
  unknownOrganisation: 'That organisation does not exist.',
  unknownUser: (username: string) => `There is no user named ${username}.`,
  contractNotFound: 'Licence agreement not found',
  seatNotFound: 'That seat is not in use.',
  reclaimed: 'The seat was reclaimed.',
} as const;

function requireAdmin(user: SessionUser) {
  if (!hasRole(user.role, Role.Admin)) throw forbidden('You do not have permission to do that');
}

const emptyToNull = (s: string | null | undefined) => (s ? s : null);

export function licencesAdminService(repo: LicencesRepository, licences: LicencesService) {
  async function board(id: number): Promise<SeatBoard> {
    const row = await repo.contractById(id);
    if (!row) throw notFound(ADMIN_LICENCE_MESSAGES.contractNotFound);
    const [contract] = await licences.withModules([row]);
    const seats = await repo.seats(id);
    return {
      contract,
      seats: seats.map((s) => ({
        id: s.id,
        device_id: s.device_id,
        device_serial_number: s.device_serial_number,
        license_colour: s.license_colour,
        claimed_by: { id: s.user_id, username: s.username, first_name: s.first_name, last_name: s.last_name },
        claimed_at: s.claimed_at,
      })),
    };
  }

  return {
    async products(user: SessionUser): Promise<{ products: LicenceProduct[] }> {
      requireAdmin(user);
      return { products: await repo.products() };
    },

    async createProduct(user: SessionUser, body: { name: string; key_name: string }): Promise<LicenceProduct> {
      requireAdmin(user);
      const id = await repo.createProduct(body.name, body.key_name);
      if (id === null) throw conflict(ADMIN_LICENCE_MESSAGES.productKeyTaken(body.key_name));
      await repo.audit(user.id, 'licence.product.create', 'licence_product', id, body);
      return { id, name: body.name, key_name: body.key_name, modules: [] };
    },

    async createModule(user: SessionUser, productId: number, name: string): Promise<LicenceProduct> {
      requireAdmin(user);
      const product = await repo.productById(productId);
      if (!product) throw notFound(ADMIN_LICENCE_MESSAGES.productNotFound);
      const id = await repo.createModule(productId, name);
      if (id === null) throw conflict(ADMIN_LICENCE_MESSAGES.moduleTaken(name));
      await repo.audit(user.id, 'licence.module.create', 'licence_product', productId, { module_id: id, name });
      return { ...product, modules: await repo.modulesOfProduct(productId) };
    },

    async contracts(user: SessionUser): Promise<{ contracts: LicenceContract[] }> {
      requireAdmin(user);
      return { contracts: await licences.withModules(await repo.contracts(null)) };
    },

    async organisations(user: SessionUser) {
      requireAdmin(user);
      return { organisations: await repo.organisations() };
    },

    async createContract(
      user: SessionUser,
      body: {
        product_id: number;
        agreement_type: number;
        number_of_licenses_allowed: number;
        module_ids: number[];
        organisation_id?: number | null;
        username?: string | null;
        expires_at?: string | null;
      },
    ): Promise<SeatBoard> {
      requireAdmin(user);
      const product = await repo.productById(body.product_id);
      if (!product) throw unprocessable(ADMIN_LICENCE_MESSAGES.unknownProduct);
      const moduleIds = [...new Set(body.module_ids)];
      const own = new Set((await repo.modulesOfProduct(product.id)).map((m) => m.id));
      if (moduleIds.some((id) => !own.has(id))) throw unprocessable(ADMIN_LICENCE_MESSAGES.foreignModules);
      let organisationId: number | null = null;
      let userId: number | null = null;
      if (body.organisation_id) {
        if (!(await repo.organisationById(body.organisation_id))) throw unprocessable(ADMIN_LICENCE_MESSAGES.unknownOrganisation);
        organisationId = body.organisation_id;
      } else {
        const owner = await repo.userByUsername(body.username ?? '');
        if (!owner) throw unprocessable(ADMIN_LICENCE_MESSAGES.unknownUser(body.username ?? ''));
        userId = owner.id;
      }
      const id = await repo.createContract({
        productId: product.id,
        agreementType: body.agreement_type,
        seats: body.number_of_licenses_allowed,
        moduleIds,
        organisationId,
        userId,
        expiresAt: emptyToNull(body.expires_at),
        createdBy: user.id,
      });
      await repo.audit(user.id, 'licence.contract.create', 'licence_contract', id, {
        product_id: product.id,
        agreement_type: body.agreement_type,
        number_of_licenses_allowed: body.number_of_licenses_allowed,
        module_ids: moduleIds,
        organisation_id: organisationId,
        user_id: userId,
        expires_at: emptyToNull(body.expires_at),
      });
      return board(id);
    },

    async updateContract(user: SessionUser, id: number, body: { number_of_licenses_allowed?: number; expires_at?: string | null }): Promise<SeatBoard> {
      requireAdmin(user);
      if (!(await repo.contractById(id))) throw notFound(ADMIN_LICENCE_MESSAGES.contractNotFound);
      const patch: { number_of_licenses_allowed?: number; expires_at?: string | null } = {};
      if (body.number_of_licenses_allowed !== undefined) patch.number_of_licenses_allowed = body.number_of_licenses_allowed;
      if (body.expires_at !== undefined) patch.expires_at = emptyToNull(body.expires_at);
      await repo.updateContract(id, patch);
      await repo.audit(user.id, 'licence.contract.update', 'licence_contract', id, patch);
      return board(id);
    },

    async seatBoard(user: SessionUser, id: number): Promise<SeatBoard> {
      requireAdmin(user);
      return board(id);
    },

    /** Reclaim: an admin relinquish of one seat of the contract. */
    async reclaim(user: SessionUser, contractId: number, licenceId: number): Promise<SeatBoard> {
      requireAdmin(user);
      if (!(await repo.contractById(contractId))) throw notFound(ADMIN_LICENCE_MESSAGES.contractNotFound);
      const licence = await repo.activeLicenceById(licenceId);
      if (!licence || licence.contract_id !== contractId) throw notFound(ADMIN_LICENCE_MESSAGES.seatNotFound);
      if (!(await repo.relinquish(licenceId, user.id))) throw notFound(ADMIN_LICENCE_MESSAGES.seatNotFound);
      await repo.audit(user.id, 'licence.reclaim', 'licence', licenceId, {
        contract_id: contractId,
        device_id: licence.device_id,
        device_serial_number: licence.device_serial_number,
        claimed_by: licence.claimed_by,
      });
      return board(contractId);
    },
  };
}
