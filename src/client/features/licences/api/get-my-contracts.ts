// GET /api/license/MyContracts/{deviceId}/{product}: the agreements this user may claim from.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMyContracts } from '../../../../shared/endpoints/licences';
import { licenceKeys } from './keys';

export const myContractsQueryOptions = (deviceId: string, product: string) =>
  queryOptions({ queryKey: licenceKeys.contracts(deviceId, product), queryFn: () => call(getMyContracts, { params: { deviceId, product } }), staleTime: 0 });

export const useMyContracts = (deviceId: string | null, product: string | null) =>
  useQuery({ ...myContractsQueryOptions(deviceId ?? '', product ?? ''), enabled: Boolean(deviceId && product) });
