// Enumerations of spec section 3.

export const Role = { User: 1, Dev: 2, Admin: 4 } as const;
export type RoleBit = (typeof Role)[keyof typeof Role];

export function hasRole(roleBits: number, bit: RoleBit): boolean {
  return (roleBits & bit) === bit;
}

export function roleNames(roleBits: number): string[] {
  return (Object.keys(Role) as (keyof typeof Role)[]).filter((name) => hasRole(roleBits, Role[name]));
}

export const Distributor = { None: 1, Product: 2, Corpuls: 3 } as const;

/** Derive the distributor from the host name (spec section 1, DESIGN section 5). */
export function distributorFromHost(host: string, productName = 'realiti'): number {
  const h = host.toLowerCase();
  if (h.includes('corpuls')) return Distributor.Corpuls;
  if (h.includes(productName.toLowerCase())) return Distributor.Product;
  return Distributor.None;
}

export const PrivacyLevel = { Private: 0, Organisation: 1, Public: 2 } as const;
export const ApprovalStatus = { Unapproved: 0, Rejected: 1, Approved: 2 } as const;
export const PatientAge = { Neonate: 0, Paediatric: 1, Adult: 2 } as const;
export const PatientCondition = { Stable: 0, Deteriorating: 1, CardiacArrest: 2 } as const;
export const PostStatus = { Pending: 0, Approved: 1 } as const;
/** is_processed of scenarios and media: the background job has read the uploaded file. */
export const ProcessingState = { Pending: 0, Processed: 1 } as const;

export const patientAgeLabels: Record<number, string> = { 0: 'Neonate', 1: 'Paediatric', 2: 'Adult' };
export const patientConditionLabels: Record<number, string> = { 0: 'Stable', 1: 'Deteriorating', 2: 'Cardiac Arrest' };

export const KIT_COLOURS = [
  'none', 'camo', 'black', 'grey', 'white', 'red', 'orange', 'yellow', 'lime', 'green', 'cyan', 'blue', 'navy', 'purple', 'pink',
] as const;

export const PRODUCT_NAME = 'REALITi';
