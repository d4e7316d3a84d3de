import { type Admin, adminSchema, type Product } from '@agaton/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** POST /api/admin/trial/start; the answer is the updated Admin, stored as the session's admin. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) =>
      api.request<Admin>('/admin/trial/start', {
        auth: 'admin',
        method: 'POST',
        body: { productToTry: product },
        schema: adminSchema,
      }),
    onSuccess: (admin) => queryClient.setQueryData(sessionKeys.admin, admin),
  });
}
