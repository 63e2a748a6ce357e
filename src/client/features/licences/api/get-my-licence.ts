// GET /api/license/MyLicense/{deviceId}/{product}: the device's current licence or null. The answer
// is kept in the persisted query cache, so the current licence shows offline too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MyLicence } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

const path = (deviceId: string, product: string) => `/api/license/MyLicense/${encodeURIComponent(deviceId)}/${encodeURIComponent(product)}`;

export const myLicenceQueryOptions = (deviceId: string, product: string) =>
  queryOptions({ queryKey: licenceKeys.licence(deviceId, product), queryFn: () => api<MyLicence>(path(deviceId, product)), staleTime: 0 });

export const useMyLicence = (deviceId: string | null, product: string | null) =>
  useQuery({ ...myLicenceQueryOptions(deviceId ?? '', product ?? ''), enabled: Boolean(deviceId && product) });
