// Sign-in, sign-out, registration, e-mail verification and password reset (spec section 7).
import { loginSchema, registerSchema, resendVerificationSchema, verifyEmailSchema, verifyEmailResultSchema, resetRequestSchema, resetPasswordSchema, assignOrganisationSchema } from '../schemas/auth.js';
import { meSchema } from '../schemas/users.js';
import { messageSchema } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** Sign in; sets the session cookie and returns the user */
export const signIn = endpoint({
  method: 'POST',
  path: '/api/auth',
  body: loginSchema,
  response: meSchema,
  errors: [401, 403, 429],
});

/** The signed-in user */
export const getMe = endpoint({
  method: 'GET',
  path: '/api/users/me',
  response: meSchema,
});

/** End the session */
export const signOut = endpoint({
  method: 'GET',
  path: '/api/me/logout',
  response: messageSchema,
  errors: [403],
});

/** Create an unverified account and e-mail the verification link */
export const register = endpoint({
  method: 'POST',
  path: '/api/users/register',
  body: registerSchema,
  status: 201,
  response: messageSchema,
  errors: [409, 429],
});

/** Send the verification e-mail again (email may also be the username); answers the same for unknown or verified accounts */
export const resendVerificationEmail = endpoint({
  method: 'GET',
  path: '/api/users/ResendVerificationEmail',
  query: resendVerificationSchema,
  response: messageSchema,
  errors: [429],
});

/** Verify an account with the e-mailed token */
export const verifyEmail = endpoint({
  method: 'POST',
  path: '/api/users/VerifyEmail',
  query: verifyEmailSchema,
  response: verifyEmailResultSchema,
  errors: [429],
});

/** E-mail a reset link; answers the same whether or not the account exists */
export const sendPasswordResetEmail = endpoint({
  method: 'POST',
  path: '/api/password/SendEmail',
  body: resetRequestSchema,
  response: messageSchema,
  errors: [429],
});

/** E-mail a reset link to the signed-in user */
export const sendPasswordResetEmailSignedIn = endpoint({
  method: 'POST',
  path: '/api/password/SendEmailLoggedIn',
  response: messageSchema,
  errors: [429],
});

/** Set a new password with a single-use token */
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/password/ResetPassword',
  body: resetPasswordSchema,
  response: messageSchema,
  errors: [429],
});

/** Link the signed-in user to an organisation by its code */
export const assignOrganisation = endpoint({
  method: 'PATCH',
  path: '/api/Users/AssignOrganisation/:code',
  params: assignOrganisationSchema,
  response: meSchema,
});
