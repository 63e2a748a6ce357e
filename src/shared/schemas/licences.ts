// Device licences (spec sections 2 'Licensing' and 'Claim licence', 3, 4 'Licence', 7 'Licences'):
// the calls the page and the native wrapper make, and the admin calls that create products, modules
// and contracts and reclaim seats (DESIGN section 8: contracts come from an admin API).
import * as v from 'valibot';
import { KIT_COLOURS } from '../enums.js';
import { isCalendarDay, MAX_ID } from './common.js';

export type KitColour = (typeof KIT_COLOURS)[number];

/** Swatch colours of the kit colour chooser (spec section 3 'Kit colours'). */
export const KIT_COLOUR_SWATCHES: Record<KitColour, string> = {
  none: 'transparent',
  camo: '#5b6b3a',
  black: '#111111',
  grey: '#8a8f98',
  white: '#ffffff',
  red: '#d62828',
  orange: '#f77f00',
  yellow: '#f6d200',
  lime: '#9ade00',
  green: '#2a9d3f',
  cyan: '#00b4d8',
  blue: '#1f6feb',
  navy: '#1b2a4e',
  purple: '#7b2cbf',
  pink: '#f15bb5',
};

/** Contract agreement_type: 0 is recurring (spec section 3); 1 and 2 are ours (docs/licences.md). */
export const AgreementType = { Recurring: 0, Perpetual: 1, Legacy: 2 } as const;
export const AGREEMENT_TYPE_LABELS: Record<number, string> = { 0: 'Recurring', 1: 'Perpetual', 2: 'Legacy (perpetual)' };
/** Agreement types whose devices take the legacy licence string through the `legacyLicense` handler. */
export const LEGACY_AGREEMENT_TYPES: readonly number[] = [AgreementType.Legacy];

/** The native handler that receives a claimed licence, by the claim response's type (docs/native-bridge.md). */
export const LICENCE_TYPES = ['license', 'legacyLicense'] as const;

export const CLAIM_ERROR_PREFIX = 'There was an error claiming your license.';
export const NO_MODULES_TEXT = "We couldn't find any modules included on this licences agreement";
export const SERIAL_HINT = 'Settings > General > About, copy Serial Number';
export const KIT_COLOUR_REQUIRED = 'Please choose a kit colour';
export const SERIAL_REQUIRED = 'Please enter the device serial number';

// A missing key gets the same message as an empty value (valibot runs a default-carrying optional).
const text = (required: string, max: number, what: string) =>
  v.pipe(v.optional(v.string(required), ''), v.trim(), v.nonEmpty(required), v.maxLength(max, `${what} must be at most ${max} characters`));

const bodyId = (what: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => x !== null, `${what} is missing`),
    v.number(`${what} must be a number`),
    v.integer(`${what} must be a whole number`),
    v.minValue(1, `${what} must be a whole number`),
    v.maxValue(MAX_ID, `${what} does not exist`),
  );

const kitColour = v.pipe(
  v.optional(v.string(KIT_COLOUR_REQUIRED), ''),
  v.check((s) => (KIT_COLOURS as readonly string[]).includes(s), KIT_COLOUR_REQUIRED),
  v.transform((s) => s as KitColour),
);

// ---- Requests ----

/** Path of MyContracts and MyLicense: the device and the product it reports. */
export const deviceProductParams = v.object({
  deviceId: v.pipe(v.string(), v.nonEmpty('The device id is missing'), v.maxLength(200, 'The device id must be at most 200 characters')),
  product: v.pipe(v.string(), v.nonEmpty('The product is missing'), v.maxLength(100, 'The product must be at most 100 characters')),
});

/** POST /api/license/ClaimLicense. Product is what the device reports (the page sends it from device info). */
export const claimLicenceSchema = v.object({
  ContractId: bodyId('The licence agreement'),
  DeviceId: text('The device id is missing: open this page in the device app', 200, 'The device id'),
  Product: text('The device product is missing: open this page in the device app', 100, 'The product'),
  KitColour: kitColour,
  DeviceSerialNumber: text(SERIAL_REQUIRED, 100, 'The device serial number'),
});
export type ClaimLicenceInput = v.InferInput<typeof claimLicenceSchema>;

/** DELETE /api/license/RelinquishLicense */
export const relinquishSchema = v.object({
  license_id: bodyId('The licence'),
  device_id: text('The device id is missing', 200, 'The device id'),
});

/** The claim form (kit colour and serial; both required, a message beside each). */
export const claimFormSchema = v.object({
  KitColour: kitColour,
  DeviceSerialNumber: text(SERIAL_REQUIRED, 100, 'The device serial number'),
});
export type ClaimFormValues = v.InferOutput<typeof claimFormSchema>;

// ---- Responses ----

export const productRefSchema = v.object({ id: v.number(), name: v.string(), key_name: v.string() });
export const moduleSchema = v.object({ id: v.number(), name: v.string() });
export type ProductModule = v.InferOutput<typeof moduleSchema>;

/** Spec section 3 'Licence contract', with who it belongs to and its expiry. */
export const contractSchema = v.object({
  id: v.number(),
  product: productRefSchema,
  agreement_type: v.number(),
  number_of_licenses_allowed: v.number(),
  /** Seats in use. */
  licenses: v.number(),
  /** Allowed minus used, never below 0. */
  available: v.number(),
  agreement_creation_date: v.string(),
  expires_at: v.nullable(v.string()),
  product_modules: v.array(moduleSchema),
  owner: v.object({ type: v.picklist(['organisation', 'user']), id: v.number(), name: v.string() }),
});
export type LicenceContract = v.InferOutput<typeof contractSchema>;
export const contractListSchema = v.array(contractSchema);

/** Spec section 3 'Current licence'. */
export const currentLicenceSchema = v.object({
  id: v.number(),
  license_contract_id: v.number(),
  device_id: v.string(),
  device_serial_number: v.string(),
  license_colour: v.string(),
  product: productRefSchema,
  product_modules: v.array(moduleSchema),
  claimed_at: v.string(),
  expires_at: v.nullable(v.string()),
});
export type CurrentLicence = v.InferOutput<typeof currentLicenceSchema>;

/** GET MyLicense: this device's licence, or null. */
export const myLicenceSchema = v.object({ license: v.nullable(currentLicenceSchema) });
export type MyLicence = v.InferOutput<typeof myLicenceSchema>;

/** The claim answer, handed as is to the native handler named by `type`. */
export const claimResponseSchema = v.object({
  type: v.picklist(LICENCE_TYPES),
  license_string: v.optional(v.string()),
  legacy_license_string: v.optional(v.string()),
  license: currentLicenceSchema,
});
export type ClaimResponse = v.InferOutput<typeof claimResponseSchema>;

export const relinquishResponseSchema = v.object({ message: v.string(), license_id: v.number(), device_id: v.string() });

export const publicKeySchema = v.object({
  algorithm: v.literal('Ed25519'),
  key_id: v.string(),
  public_key_pem: v.string(),
  /** The raw 32-byte key, base64url. */
  public_key_raw: v.string(),
  format: v.string(),
});
export type LicencePublicKey = v.InferOutput<typeof publicKeySchema>;

// ---- Admin ----

export const createProductSchema = v.object({
  name: text('Please enter the product name', 100, 'The product name'),
  key_name: v.pipe(
    text('Please enter the key name devices report', 50, 'The key name'),
    v.regex(/^[A-Za-z0-9._ -]+$/, 'The key name may hold letters, digits, spaces, dots, hyphens and underscores'),
  ),
});
export type CreateProductInput = v.InferInput<typeof createProductSchema>;

export const createModuleSchema = v.object({ name: text('Please enter the module name', 100, 'The module name') });

export const productSchema = v.object({
  id: v.number(),
  name: v.string(),
  key_name: v.string(),
  modules: v.array(moduleSchema),
});
export type LicenceProduct = v.InferOutput<typeof productSchema>;
export const productListSchema = v.object({ products: v.array(productSchema) });

const dateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'The expiry must be a date (YYYY-MM-DD)'),
  v.check(isCalendarDay, 'The expiry must be a real date'),
);

export const SEATS_MAX = 100_000;
const seatsSchema = v.pipe(
  v.optional(v.unknown(), null),
  v.check((x) => x !== null, 'Please enter the number of licences'),
  v.number('The number of licences must be a number'),
  v.integer('The number of licences must be a whole number'),
  v.minValue(1, 'The number of licences must be at least 1'),
  v.maxValue(SEATS_MAX, `The number of licences must be at most ${SEATS_MAX}`),
);

export const createContractSchema = v.pipe(
  v.object({
    product_id: bodyId('The product'),
    agreement_type: v.pipe(
      v.optional(v.unknown(), null),
      v.check((x) => x === 0 || x === 1 || x === 2, 'The agreement type must be 0 (recurring), 1 (perpetual) or 2 (legacy)'),
      v.transform((x) => x as number),
    ),
    number_of_licenses_allowed: seatsSchema,
    module_ids: v.optional(v.pipe(v.array(bodyId('A module')), v.maxLength(200, 'Too many modules')), []),
    organisation_id: v.optional(v.nullable(bodyId('The organisation'))),
    username: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The username must be at most 100 characters')))),
    expires_at: v.optional(v.nullable(v.union([v.literal(''), dateSchema]))),
  }),
  v.check((b) => Boolean(b.organisation_id) !== Boolean(b.username), 'Choose an organisation or a user the agreement belongs to'),
);
export type CreateContractInput = v.InferInput<typeof createContractSchema>;

export const updateContractSchema = v.object({
  number_of_licenses_allowed: v.optional(seatsSchema),
  expires_at: v.optional(v.nullable(v.union([v.literal(''), dateSchema]))),
});

export const seatSchema = v.object({
  id: v.number(),
  device_id: v.string(),
  device_serial_number: v.string(),
  license_colour: v.string(),
  claimed_by: v.object({ id: v.number(), username: v.string(), first_name: v.string(), last_name: v.string() }),
  claimed_at: v.string(),
});
export type Seat = v.InferOutput<typeof seatSchema>;

export const adminContractListSchema = v.object({ contracts: v.array(contractSchema) });
export const seatBoardSchema = v.object({ contract: contractSchema, seats: v.array(seatSchema) });
export type SeatBoard = v.InferOutput<typeof seatBoardSchema>;

export const organisationListSchema = v.object({
  organisations: v.array(v.object({ id: v.number(), name: v.string(), organisation_code: v.string() })),
});
