// Query keys of the licence screens: all -> contracts / licence (per device and product) -> admin.
export const licenceKeys = {
  all: ['licences'] as const,
  contracts: (deviceId: string, product: string) => ['licences', 'contracts', deviceId, product] as const,
  licence: (deviceId: string, product: string) => ['licences', 'licence', deviceId, product] as const,
  admin: ['licences', 'admin'] as const,
  adminProducts: ['licences', 'admin', 'products'] as const,
  adminContracts: ['licences', 'admin', 'contracts'] as const,
  adminOrganisations: ['licences', 'admin', 'organisations'] as const,
  seatBoard: (id: number) => ['licences', 'admin', 'board', id] as const,
};
