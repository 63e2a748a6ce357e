// Admin: GET/POST /api/admin/licences/contracts and GET /api/admin/licences/organisations.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '../../../lib/api';
import type { CreateContractInput, LicenceContract, SeatBoard, organisationListSchema } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

export const adminContractsQueryOptions = () =>
  queryOptions({ queryKey: licenceKeys.adminContracts, queryFn: () => api<{ contracts: LicenceContract[] }>('/api/admin/licences/contracts'), staleTime: 0 });

export const useAdminContracts = () => useQuery(adminContractsQueryOptions());

export const useAdminOrganisations = () =>
  useQuery({ queryKey: licenceKeys.adminOrganisations, queryFn: () => api<v.InferOutput<typeof organisationListSchema>>('/api/admin/licences/organisations') });

export function useCreateContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContractInput) => api<SeatBoard>('/api/admin/licences/contracts', { method: 'POST', body }),
    onSuccess: (board) => qc.setQueryData(licenceKeys.seatBoard(board.contract.id), board),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.adminContracts }),
  });
}
