// Admin: GET/POST /api/admin/licences/products and POST .../products/{id}/modules.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { listProducts, createProduct, addProductModule } from '../../../../shared/endpoints/licences';
import type { CreateProductInput } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

export const adminProductsQueryOptions = () =>
  queryOptions({ queryKey: licenceKeys.adminProducts, queryFn: () => call(listProducts) });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductInput) => call(createProduct, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.adminProducts }),
  });
}

export function useCreateModule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, name }: { productId: number; name: string }) =>
      call(addProductModule, { params: { id: productId }, body: { name } }),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.adminProducts }),
  });
}
