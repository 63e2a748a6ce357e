// Licence calls of spec section 7 (the page and the native wrapper call them) and the admin calls
// behind the admin licence screens. docs/licences.md describes the licence string.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Role } from '../../../shared/enums.js';
import { idParam, idParams } from '../../../shared/schemas/common.js';
import {
  adminContractListSchema,
  claimLicenceSchema,
  claimResponseSchema,
  contractListSchema,
  createContractSchema,
  createModuleSchema,
  createProductSchema,
  deviceProductParams,
  myLicenceSchema,
  organisationListSchema,
  productListSchema,
  productSchema,
  publicKeySchema,
  relinquishResponseSchema,
  relinquishSchema,
  seatBoardSchema,
  updateContractSchema,
} from '../../../shared/schemas/licences.js';
import { route } from '../../lib/route.js';
import { licencesAdminService } from './admin-service.js';
import { licencesRepository } from './repository.js';
import { licencesService } from './service.js';
import { createLicenceSigner } from './signing.js';

export default async function licenceRoutes(app: FastifyInstance) {
  const repo = licencesRepository(app.db);
  const service = licencesService(repo, createLicenceSigner(app.config.dataDir, app.config.licenceSigningKey));
  const admin = licencesAdminService(repo, service);
  const tags = ['licences'];

  route(app, {
    method: 'GET',
    url: '/api/license/PublicKey',
    auth: 'public',
    tags,
    summary: 'The Ed25519 public key that verifies licence strings, and their format (docs/licences.md)',
    // Public: rate-limited like other unauthenticated calls.
    rateLimit: { max: 120, timeWindow: 60_000 },
    response: publicKeySchema,
  }, async () => service.publicKey());

  route(app, {
    method: 'GET',
    url: '/api/license/MyContracts/:deviceId/:product',
    auth: 'user',
    tags,
    summary: "Contracts the caller may claim from for the device's product (their own and their organisation's), with seats used and available",
    params: deviceProductParams,
    response: contractListSchema,
  }, async ({ user, params }) => service.myContracts(user, params.product));

  route(app, {
    method: 'GET',
    url: '/api/license/MyLicense/:deviceId/:product',
    auth: 'user',
    tags,
    summary: "This device's current licence for the product with its modules, or { license: null }",
    params: deviceProductParams,
    response: myLicenceSchema,
  }, async ({ user, params }) => service.myLicence(user, params.deviceId, params.product));

  route(app, {
    method: 'POST',
    url: '/api/license/ClaimLicense',
    auth: 'user',
    tags,
    summary:
      'Claim a seat of a contract for this device (canProvision users). Needs a free seat, a device without a licence and a matching product. Answers { type, license_string } or { type, legacy_license_string } for the native handler named by type. Honours Idempotency-Key.',
    body: claimLicenceSchema,
    idempotent: true,
    errors: [403, 404, 409],
    response: claimResponseSchema,
  }, async ({ user, body }) => service.claim(user, body));

  route(app, {
    method: 'DELETE',
    url: '/api/license/RelinquishLicense',
    auth: 'user',
    tags,
    summary: "Relinquish a device's licence and free its seat (the claimer, a provisioner of the contract's owner, or an admin)",
    body: relinquishSchema,
    errors: [403, 404],
    response: relinquishResponseSchema,
  }, async ({ user, body }) => service.relinquish(user, body.license_id, body.device_id));

  // ---- admin ----
  const adminTags = ['admin', 'licences'];

  route(app, {
    method: 'GET',
    url: '/api/admin/licences/products',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Licence products with their modules',
    response: productListSchema,
  }, async ({ user }) => admin.products(user));

  route(app, {
    method: 'POST',
    url: '/api/admin/licences/products',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Create a product (name and the key name devices report); audited',
    body: createProductSchema,
    status: 201,
    errors: [409],
    response: productSchema,
  }, async ({ user, body }) => admin.createProduct(user, body));

  route(app, {
    method: 'POST',
    url: '/api/admin/licences/products/:id/modules',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Add a module to a product; answers the product; audited',
    params: idParams,
    body: createModuleSchema,
    status: 201,
    errors: [409],
    response: productSchema,
  }, async ({ user, params, body }) => admin.createModule(user, params.id, body.name));

  route(app, {
    method: 'GET',
    url: '/api/admin/licences/organisations',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Organisations a contract can belong to',
    response: organisationListSchema,
  }, async ({ user }) => admin.organisations(user));

  route(app, {
    method: 'GET',
    url: '/api/admin/licences/contracts',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Every licence contract with its seats used and available',
    response: adminContractListSchema,
  }, async ({ user }) => admin.contracts(user));

  route(app, {
    method: 'POST',
    url: '/api/admin/licences/contracts',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Create a contract for an organisation or a user (by username) with seats, modules and an optional expiry date; answers its seat board; audited',
    body: createContractSchema,
    status: 201,
    response: seatBoardSchema,
  }, async ({ user, body }) => admin.createContract(user, body));

  route(app, {
    method: 'GET',
    url: '/api/admin/licences/contracts/:id',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'The seat board of a contract: device, serial, kit colour, claimed by and at',
    params: idParams,
    response: seatBoardSchema,
  }, async ({ user, params }) => admin.seatBoard(user, params.id));

  route(app, {
    method: 'PATCH',
    url: '/api/admin/licences/contracts/:id',
    auth: Role.Admin,
    tags: adminTags,
    summary: "Change a contract's number of seats or expiry (an empty expiry removes it); audited",
    params: idParams,
    body: updateContractSchema,
    response: seatBoardSchema,
  }, async ({ user, params, body }) => admin.updateContract(user, params.id, body));

  route(app, {
    method: 'POST',
    url: '/api/admin/licences/contracts/:id/seats/:licenceId/reclaim',
    auth: Role.Admin,
    tags: adminTags,
    summary: 'Reclaim a seat (an admin relinquish); answers the seat board; audited',
    params: v.object({ id: idParam, licenceId: idParam }),
    response: seatBoardSchema,
  }, async ({ user, params }) => admin.reclaim(user, params.id, params.licenceId));
}
