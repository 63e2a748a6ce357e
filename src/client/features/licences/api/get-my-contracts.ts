// GET /api/license/MyContracts/{deviceId}/{product}: the agreements this user may claim from.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LicenceContract } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

const path = (deviceId: string, product: string) => `/api/license/MyContracts/${encodeURIComponent(deviceId)}/${encodeURIComponent(product)}`;

export const myContractsQueryOptions = (deviceId: string, product: string) =>
  queryOptions({ queryKey: licenceKeys.contracts(deviceId, product), queryFn: () => api<LicenceContract[]>(path(deviceId, product)), staleTime: 0 });

export const useMyContracts = (deviceId: string | null, product: string | null) =>
  useQuery({ ...myContractsQueryOptions(deviceId ?? '', product ?? ''), enabled: Boolean(deviceId && product) });
