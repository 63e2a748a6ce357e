// DELETE /api/license/RelinquishLicense; the device is told through the native 'relinquish' handler.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { relinquishLicense } from '../../../../shared/endpoints/licences';
import { notifyRelinquished } from '../../../lib/native-bridge';
import type { MyLicence } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

export interface RelinquishVariables {
  license_id: number;
  device_id: string;
  product: string;
}

export const relinquishLicence = ({ license_id, device_id }: RelinquishVariables) =>
  call(relinquishLicense, { body: { license_id, device_id } });

export function useRelinquishLicence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: relinquishLicence,
    onSuccess: (res, v) => {
      notifyRelinquished(res);
      qc.setQueryData<MyLicence>(licenceKeys.licence(v.device_id, v.product), { license: null });
    },
    onSettled: (_res, _err, v) => qc.invalidateQueries({ queryKey: licenceKeys.contracts(v.device_id, v.product) }),
  });
}
