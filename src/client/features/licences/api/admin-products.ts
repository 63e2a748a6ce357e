// Admin: GET/POST /api/admin/licences/products and POST .../products/{id}/modules.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '../../../lib/api';
import type { CreateProductInput, LicenceProduct, productListSchema } from '../../../../shared/schemas/licences';
import { licenceKeys } from './keys';

export const adminProductsQueryOptions = () =>
  queryOptions({ queryKey: licenceKeys.adminProducts, queryFn: () => api<v.InferOutput<typeof productListSchema>>('/api/admin/licences/products') });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductInput) => api<LicenceProduct>('/api/admin/licences/products', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.adminProducts }),
  });
}

export function useCreateModule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, name }: { productId: number; name: string }) =>
      api<LicenceProduct>(`/api/admin/licences/products/${productId}/modules`, { method: 'POST', body: { name } }),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceKeys.adminProducts }),
  });
}
