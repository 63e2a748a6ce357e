// GET /api/license/MyLicense/{deviceId}/{product}: the device's current licence or null. The answer
// is kept in the persisted query cache, so the current licence shows offline too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMyLicense } from '../../../../shared/endpoints/licences';
import { licenceKeys } from './keys';

export const myLicenceQueryOptions = (deviceId: string, product: string) =>
  queryOptions({ queryKey: licenceKeys.licence(deviceId, product), queryFn: () => call(getMyLicense, { params: { deviceId, product } }), staleTime: 0 });

export const useMyLicence = (deviceId: string | null, product: string | null) =>
  useQuery({ ...myLicenceQueryOptions(deviceId ?? '', product ?? ''), enabled: Boolean(deviceId && product) });
