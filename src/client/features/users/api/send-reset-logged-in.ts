// POST /api/password/SendEmailLoggedIn: e-mails the signed-in user a reset link.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const sendResetLoggedIn = () => api<{ message: string }>('/api/password/SendEmailLoggedIn', { method: 'POST' });

export const useSendResetLoggedIn = () => useMutation({ mutationFn: sendResetLoggedIn });
