// Admin: the seat board of a contract (GET /api/admin/licences/contracts/{id}), changing its seats or
// expiry (PATCH) and Reclaim (POST .../seats/{licenceId}/reclaim).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getContract, reclaimSeat, updateContract } from '../../../../shared/endpoints/licences';
import { licenceKeys } from './keys';

export const seatBoardQueryOptions = (id: number) =>
  queryOptions({ queryKey: licenceKeys.seatBoard(id), queryFn: () => call(getContract, { params: { id } }), staleTime: 0 });

export const useSeatBoard = (id: number) => useQuery(seatBoardQueryOptions(id));

export function useReclaimSeat(contractId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (licenceId: number) => call(reclaimSeat, { params: { id: contractId, licenceId } }),
    onSuccess: (board) => qc.setQueryData(licenceKeys.seatBoard(contractId), board),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.admin }),
  });
}

export function useUpdateContract(contractId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { number_of_licenses_allowed?: number; expires_at?: string | null }) =>
      call(updateContract, { params: { id: contractId }, body }),
    onSuccess: (board) => qc.setQueryData(licenceKeys.seatBoard(contractId), board),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.admin }),
  });
}
