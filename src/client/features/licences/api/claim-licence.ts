// POST /api/license/ClaimLicense with an Idempotency-Key: a retried submission takes no second seat.
// The licence goes to the native handler named by the answer's type; the current licence updates.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { claimLicense } from '../../../../shared/endpoints/licences';
import { sendLicenceToDevice } from '../../../lib/native-bridge';
import type { ClaimLicenceInput, MyLicence } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

export interface ClaimVariables {
  body: ClaimLicenceInput & { DeviceId: string; Product: string };
  idempotencyKey: string;
}

export const claimLicence = ({ body, idempotencyKey }: ClaimVariables) =>
  call(claimLicense, { body }, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useClaimLicence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimLicence,
    onSuccess: (res, { body }) => {
      sendLicenceToDevice(res);
      qc.setQueryData<MyLicence>(licenceKeys.licence(body.DeviceId, body.Product), { license: res.license });
    },
    onSettled: (_res, _err, { body }) => qc.invalidateQueries({ queryKey: licenceKeys.contracts(body.DeviceId, body.Product) }),
  });
}
