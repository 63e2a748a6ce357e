// Auth calls of spec section 7: sign-in, the signed-in user, sign-out, registration, verification,
// password reset and linking an organisation. HTTP only: the rules are in service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { distributorOf } from '../../lib/distributor.js';
import { forbidden } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import {
  signIn,
  getMe,
  signOut,
  register,
  resendVerificationEmail,
  verifyEmail,
  sendPasswordResetEmail,
  sendPasswordResetEmailSignedIn,
  resetPassword,
  assignOrganisation,
} from '../../../shared/endpoints/auth.js';
import { authLimits, RateLimited } from './limits.js';
import { authRepository, verifyTokenOfVerifiedUser } from './repository.js';
import { authService, RESET_MAIL_JOB, VERIFICATION_MAIL_JOB } from './service.js';

const RESET_SENT = 'If we found an account registered to that address, we have sent you an email with further instructions.';

export default async function authRoutes(app: FastifyInstance) {
  const auth = authRepository(app.db);
  const service = authService({
    users: app.ports.users,
    auth,
    limits: authLimits(auth, app.config.rateLimit),
    jobs: app.jobs,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    supportEmail: app.config.supportOffices[0]?.email,
    verifiedTokenOwner: (tokenHash) => verifyTokenOfVerifiedUser(app.db, tokenHash),
    // Group invites sent to this address before it had an account now wait for it.
    onVerified: (user) => app.ports.groups.claimInvites(user.id, user.email),
  });
  app.jobs.register(VERIFICATION_MAIL_JOB, (payload) => service.sendVerificationMail(payload));
  app.jobs.register(RESET_MAIL_JOB, (payload) => service.sendResetMail(payload));

  // A limited call also says when to try again in Retry-After (the message says it in words).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimited) void reply.header('Retry-After', String(error.retryAfterSeconds));
  });

  const distributor = (request: FastifyRequest) => distributorOf(request, app.config.distributorProductHost);
  const tags = ['auth'];

  route(app, signIn, {
    auth: 'public',
    tags,
    summary: 'Sign in; sets the session cookie and returns the user',
    description: 'Failed attempts are limited per account and per client address (429 with a message saying when to try again); successful sign-ins never count.',
  }, async ({ body, request, reply }) => {
    const userId = await service.login(body.username, body.password, distributor(request), request.ip);
    await app.startSession(reply, request, userId);
    return service.me(userId);
  });

  route(app, getMe, {
    auth: 'user',
    tags,
    summary: 'The signed-in user',
  }, async ({ user }) => service.me(user.id));

  route(app, signOut, {
    auth: 'public',
    tags,
    summary: 'End the session',
    description: 'A GET (spec section 7) that changes state, so like the unsafe methods it is refused (403) when the browser says another site sent it: no page elsewhere can sign a user out.',
  }, async ({ request, reply }) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-origin request refused');
    await app.endSession(reply, request);
    return { message: 'Signed out' };
  });

  route(app, register, {
    auth: 'public',
    tags,
    summary: 'Create an unverified account and e-mail the verification link',
    description: 'Limited per client address and per e-mail address (429).',
  }, async ({ body, request }) => {
    await service.register(body, distributor(request), request.ip);
    return { message: 'Thanks for registering! Please check your email inbox and click the link to verify your email address.' };
  });

  route(app, resendVerificationEmail, {
    auth: 'public',
    tags,
    summary: 'Send the verification e-mail again (email may also be the username); answers the same for unknown or verified accounts',
    description: 'Limited per client address and per e-mail address (429).',
  }, async ({ query, request }) => {
    await service.resendVerification(query.email, distributor(request), request.ip);
    return { message: 'Email sent!' };
  });

  route(app, verifyEmail, {
    auth: 'public',
    tags,
    summary: 'Verify an account with the e-mailed token',
    description: 'A link opened again whose account is verified answers 200 with alreadyVerified: true. Invalid tokens are limited per client address (429).',
  }, async ({ query, request }) => service.verifyEmail(query.token, distributor(request), request.ip));

  route(app, sendPasswordResetEmail, {
    auth: 'public',
    tags,
    summary: 'E-mail a reset link; answers the same whether or not the account exists',
    description: 'The mail is sent from the job queue. A new link ends the older ones. Limited per client address and per e-mail address (429).',
  }, async ({ body, request }) => {
    await service.requestReset(body.username, distributor(request), request.ip);
    return { message: RESET_SENT };
  });

  route(app, sendPasswordResetEmailSignedIn, {
    auth: 'user',
    tags,
    summary: 'E-mail a reset link to the signed-in user',
    description: 'Limited per client address and per e-mail address (429), together with SendEmail.',
  }, async ({ user, request }) => {
    await service.requestResetFor(user, request.ip);
    return { message: 'We have sent you an email with further instructions.' };
  });

  route(app, resetPassword, {
    auth: 'public',
    tags,
    summary: 'Set a new password with a single-use token',
    description: 'Ends every session and every other reset link of the user. Invalid tokens are limited per client address (429).',
  }, async ({ body, request }) => {
    await service.resetPassword(body.token, body.newPassword, distributor(request), request.ip);
    return { message: 'Your password has been reset.' };
  });

  route(app, assignOrganisation, {
    auth: 'user',
    tags,
    summary: 'Link the signed-in user to an organisation by its code',
  }, async ({ user, params }) => service.assignOrganisation(user.id, params.code));
}
