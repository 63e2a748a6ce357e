// Admin: GET/POST /api/admin/licences/contracts and GET /api/admin/licences/organisations.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { listContracts, listOrganisations, createContract } from '../../../../shared/endpoints/licences';
import type { CreateContractInput } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

export const adminContractsQueryOptions = () =>
  queryOptions({ queryKey: licenceKeys.adminContracts, queryFn: () => call(listContracts), staleTime: 0 });

export const useAdminContracts = () => useQuery(adminContractsQueryOptions());

export const useAdminOrganisations = () =>
  useQuery({ queryKey: licenceKeys.adminOrganisations, queryFn: () => call(listOrganisations) });

export function useCreateContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContractInput) => call(createContract, { body }),
    onSuccess: (board) => qc.setQueryData(licenceKeys.seatBoard(board.contract.id), board),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.adminContracts }),
  });
}
