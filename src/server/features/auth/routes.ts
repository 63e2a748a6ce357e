// Auth and user calls of spec section 7.
import type { FastifyInstance } from 'fastify';
import { assignOrganisationSchema, loginSchema, registerSchema, resendVerificationSchema, resetPasswordSchema, resetRequestSchema, verifyEmailSchema } from '../../../shared/schemas/auth.js';
import { parse } from '../../lib/http-error.js';
import { distributorOf } from '../../lib/distributor.js';
import { currentUser } from '../../plugins/session.js';
import { usersRepository } from '../users/repository.js';
import { presentUser } from '../users/present.js';
import { authService } from './service.js';

const RESET_SENT = 'If we found an account registered to that address, we have sent you an email with further instructions.';

export default async function authRoutes(app: FastifyInstance) {
  const service = authService(app);
  const users = usersRepository(app.db);
  const distributor = (req: Parameters<typeof distributorOf>[0]) => distributorOf(req, app.config.distributorProductHost);
  const { login: loginMax, email: emailMax, windowMs } = app.config.rateLimit;
  const loginLimit = { rateLimit: { max: loginMax, timeWindow: windowMs } };
  const emailLimit = { rateLimit: { max: emailMax, timeWindow: windowMs } };
  const tags = ['auth'];

  app.post('/api/auth', { config: loginLimit, schema: { tags, summary: 'Sign in; sets the session cookie and returns the user' } }, async (request, reply) => {
    const body = parse(loginSchema, request.body);
    const user = await service.login(body.username, body.password, distributor(request));
    await app.startSession(reply, request, user.id);
    const fresh = (await users.byId(user.id))!;
    return presentUser(fresh, await users.organisation(fresh.organisation_id));
  });

  app.get('/api/users/me', { preHandler: app.requireUser, schema: { tags, summary: 'The signed-in user' } }, async (request) => {
    const user = currentUser(request);
    return presentUser(user, await users.organisation(user.organisation_id));
  });

  app.get('/api/me/logout', { schema: { tags, summary: 'End the session' } }, async (request, reply) => {
    await app.endSession(reply, request);
    return { message: 'Signed out' };
  });

  app.post('/api/users/register', { config: emailLimit, schema: { tags, summary: 'Create an unverified account and e-mail the verification link' } }, async (request, reply) => {
    const body = parse(registerSchema, request.body);
    await service.register(body, distributor(request));
    return reply.status(201).send({ message: 'Thanks for registering! Please check your email inbox and click the link to verify your email address.' });
  });

  app.get('/api/users/ResendVerificationEmail', { config: emailLimit, schema: { tags, summary: 'Send the verification e-mail again (email may also be the username); answers the same for unknown or verified accounts' } }, async (request) => {
    const { email } = parse(resendVerificationSchema, request.query);
    await service.resendVerification(email, distributor(request));
    return { message: 'Email sent!' };
  });

  app.post('/api/users/VerifyEmail', { config: emailLimit, schema: { tags, summary: 'Verify an account with the e-mailed token' } }, async (request) => {
    const { token } = parse(verifyEmailSchema, request.query);
    await service.verifyEmail(token, distributor(request));
    return { message: 'Account Verified. Please login below.' };
  });

  app.post('/api/password/SendEmail', { config: emailLimit, schema: { tags, summary: 'E-mail a reset link; answers the same whether or not the account exists' } }, async (request) => {
    const body = parse(resetRequestSchema, request.body);
    await service.requestReset(body.username, distributor(request));
    return { message: RESET_SENT };
  });

  app.post('/api/password/SendEmailLoggedIn', { config: emailLimit, preHandler: app.requireUser, schema: { tags, summary: 'E-mail a reset link to the signed-in user' } }, async (request) => {
    await service.sendReset(currentUser(request));
    return { message: 'We have sent you an email with further instructions.' };
  });

  app.post('/api/password/ResetPassword', { config: emailLimit, schema: { tags, summary: 'Set a new password with a single-use token' } }, async (request) => {
    const body = parse(resetPasswordSchema, request.body);
    await service.resetPassword(body.token, body.newPassword, distributor(request));
    return { message: 'Your password has been reset.' };
  });

  app.patch('/api/Users/AssignOrganisation/:code', { preHandler: app.requireUser, schema: { tags, summary: 'Link the signed-in user to an organisation by its code' } }, async (request) => {
    const { code } = parse(assignOrganisationSchema, request.params);
    const user = currentUser(request);
    await service.assignOrganisation(user.id, code);
    const fresh = (await users.byId(user.id))!;
    return presentUser(fresh, await users.organisation(fresh.organisation_id));
  });
}
