// POST /api/password/SendEmailLoggedIn: e-mails the signed-in user a reset link.
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { sendPasswordResetEmailSignedIn } from '../../../../shared/endpoints/auth';

export const sendResetLoggedIn = () => call(sendPasswordResetEmailSignedIn);

export const useSendResetLoggedIn = () => useMutation({ mutationFn: sendResetLoggedIn });
