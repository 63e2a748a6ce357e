// Licence calls of spec section 7 (the page and the native wrapper call them) and the admin calls
// behind the admin licence screens. docs/licences.md describes the licence string.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { route } from '../../lib/route.js';
import {
  getPublicKey,
  getMyContracts,
  getMyLicense,
  claimLicense,
  relinquishLicense,
  listProducts,
  createProduct,
  addProductModule,
  listOrganisations,
  listContracts,
  createContract,
  getContract,
  updateContract,
  reclaimSeat,
} from '../../../shared/endpoints/licences.js';
import { licencesAdminService } from './admin-service.js';
import { licencesRepository } from './repository.js';
import { licencesService } from './service.js';
import { createLicenceSigner } from './signing.js';

export default async function licenceRoutes(app: FastifyInstance) {
  const repo = licencesRepository(app.db);
  const service = licencesService(repo, createLicenceSigner(app.config.dataDir, app.config.licenceSigningKey));
  const admin = licencesAdminService(repo, service);
  const tags = ['licences'];

  route(app, getPublicKey, {
    auth: 'public',
    tags,
    summary: 'The Ed25519 public key that verifies licence strings, and their format (docs/licences.md)',
    rateLimit: { max: 120, timeWindow: 60_000 },
  }, async () => service.publicKey());

  route(app, getMyContracts, {
    auth: 'user',
    tags,
    summary: "Contracts the caller may claim from for the device's product (their own and their organisation's), with seats used and available",
  }, async ({ user, params }) => service.myContracts(user, params.product));

  route(app, getMyLicense, {
    auth: 'user',
    tags,
    summary: "This device's current licence for the product with its modules, or { license: null }",
  }, async ({ user, params }) => service.myLicence(user, params.deviceId, params.product));

  route(app, claimLicense, {
    auth: 'user',
    tags,
    summary:
      'Claim a seat of a contract for this device (canProvision users). Needs a free seat, a device without a licence and a matching product. Answers { type, license_string } or { type, legacy_license_string } for the native handler named by type. Honours Idempotency-Key.',
  }, async ({ user, body }) => service.claim(user, body));

  route(app, relinquishLicense, {
    auth: 'user',
    tags,
    summary: "Relinquish a device's licence and free its seat (the claimer, a provisioner of the contract's owner, or an admin)",
  }, async ({ user, body }) => service.relinquish(user, body.license_id, body.device_id));

  // ---- admin ----
  const adminTags = ['admin', 'licences'];

  route(app, listProducts, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Licence products with their modules',
  }, async ({ user }) => admin.products(user));

  route(app, createProduct, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Create a product (name and the key name devices report); audited',
  }, async ({ user, body }) => admin.createProduct(user, body));

  route(app, addProductModule, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Add a module to a product; answers the product; audited',
  }, async ({ user, params, body }) => admin.createModule(user, params.id, body.name));

  route(app, listOrganisations, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Organisations a contract can belong to',
  }, async ({ user }) => admin.organisations(user));

  route(app, listContracts, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Every licence contract with its seats used and available',
  }, async ({ user }) => admin.contracts(user));

  route(app, createContract, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Create a contract for an organisation or a user (by username) with seats, modules and an optional expiry date; answers its seat board; audited',
  }, async ({ user, body }) => admin.createContract(user, body));

  route(app, getContract, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'The seat board of a contract: device, serial, kit colour, claimed by and at',
  }, async ({ user, params }) => admin.seatBoard(user, params.id));

  route(app, updateContract, {
    auth: Role.Admin,
    tags: adminTags,
    summary: "Change a contract's number of seats or expiry (an empty expiry removes it); audited",
  }, async ({ user, params, body }) => admin.updateContract(user, params.id, body));

  route(app, reclaimSeat, {
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Reclaim a seat (an admin relinquish); answers the seat board; audited',
  }, async ({ user, params }) => admin.reclaim(user, params.id, params.licenceId));
}
