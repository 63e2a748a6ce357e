// Licence calls of the native wrapper and the admin licence screens (products, organisations, contracts).
import { publicKeySchema, deviceProductParams, contractListSchema, myLicenceSchema, claimLicenceSchema, claimResponseSchema, relinquishSchema, relinquishResponseSchema, productListSchema, createProductSchema, productSchema, createModuleSchema, organisationListSchema, adminContractListSchema, createContractSchema, seatBoardSchema, updateContractSchema } from '../schemas/licences.js';
import { idParam, idParams } from '../schemas/common.js';
import * as v from 'valibot';
import { endpoint } from '../endpoint.js';

/** The Ed25519 public key that verifies licence strings, and their format (docs/licences.md) */
export const getPublicKey = endpoint({
  method: 'GET',
  path: '/api/license/PublicKey',
  response: publicKeySchema,
});

/** Contracts the caller may claim from for the device's product (their own and their organisation's), with seats used and available */
export const getMyContracts = endpoint({
  method: 'GET',
  path: '/api/license/MyContracts/:deviceId/:product',
  params: deviceProductParams,
  response: contractListSchema,
});

/** This device's current licence for the product with its modules, or { license: null } */
export const getMyLicense = endpoint({
  method: 'GET',
  path: '/api/license/MyLicense/:deviceId/:product',
  params: deviceProductParams,
  response: myLicenceSchema,
});

/** Claim a seat of a contract for this device (canProvision users). Needs a free seat, a device without a licence and a matching product. Answers { type, license_string } or { type, legacy_license_string } for the native handler named by type. Honours Idempotency-Key. */
export const claimLicense = endpoint({
  method: 'POST',
  path: '/api/license/ClaimLicense',
  body: claimLicenceSchema,
  idempotent: true,
  errors: [403, 404, 409],
  response: claimResponseSchema,
});

/** Relinquish a device's licence and free its seat (the claimer, a provisioner of the contract's owner, or an admin) */
export const relinquishLicense = endpoint({
  method: 'DELETE',
  path: '/api/license/RelinquishLicense',
  body: relinquishSchema,
  errors: [403, 404],
  response: relinquishResponseSchema,
});

/** Licence products with their modules */
export const listProducts = endpoint({
  method: 'GET',
  path: '/api/admin/licences/products',
  response: productListSchema,
});

/** Create a product (name and the key name devices report); audited */
export const createProduct = endpoint({
  method: 'POST',
  path: '/api/admin/licences/products',
  body: createProductSchema,
  status: 201,
  errors: [409],
  response: productSchema,
});

/** Add a module to a product; answers the product; audited */
export const addProductModule = endpoint({
  method: 'POST',
  path: '/api/admin/licences/products/:id/modules',
  params: idParams,
  body: createModuleSchema,
  status: 201,
  errors: [409],
  response: productSchema,
});

/** Organisations a contract can belong to */
export const listOrganisations = endpoint({
  method: 'GET',
  path: '/api/admin/licences/organisations',
  response: organisationListSchema,
});

/** Every licence contract with its seats used and available */
export const listContracts = endpoint({
  method: 'GET',
  path: '/api/admin/licences/contracts',
  response: adminContractListSchema,
});

/** Create a contract for an organisation or a user (by username) with seats, modules and an optional expiry date; answers its seat board; audited */
export const createContract = endpoint({
  method: 'POST',
  path: '/api/admin/licences/contracts',
  body: createContractSchema,
  status: 201,
  response: seatBoardSchema,
});

/** The seat board of a contract: device, serial, kit colour, claimed by and at */
export const getContract = endpoint({
  method: 'GET',
  path: '/api/admin/licences/contracts/:id',
  params: idParams,
  response: seatBoardSchema,
});

/** Change a contract's number of seats or expiry (an empty expiry removes it); audited */
export const updateContract = endpoint({
  method: 'PATCH',
  path: '/api/admin/licences/contracts/:id',
  params: idParams,
  body: updateContractSchema,
  response: seatBoardSchema,
});

/** Reclaim a seat (an admin relinquish); answers the seat board; audited */
export const reclaimSeat = endpoint({
  method: 'POST',
  path: '/api/admin/licences/contracts/:id/seats/:licenceId/reclaim',
  params: v.object({ id: idParam, licenceId: idParam }),
  response: seatBoardSchema,
});
