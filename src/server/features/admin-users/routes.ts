// GET /api/users/{offset}/{count}/{search or -1} and POST /api/users/SetEnabled/{uuid}/{bool}
// (spec section 7), for admins.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { route } from '../../lib/route.js';
import { listUsers, setUserEnabled } from '../../../shared/endpoints/admin-users.js';
import { adminUsersRepository } from './repository.js';
import { adminUsersService } from './service.js';

export default async function adminUserRoutes(app: FastifyInstance) {
  const service = adminUsersService(adminUsersRepository(app.db, app.dialect, app.ports.users));
  const tags = ['admin'];

  route(app, listUsers, {
    auth: Role.Admin,
    tags,
    summary: 'Admins: every account by name, disabled and unverified ones too; search -1 for all, else every word a prefix of a name, username or e-mail',
  }, async ({ user, params }) => service.list(user, params));

  route(app, setUserEnabled, {
    auth: Role.Admin,
    tags,
    summary: "Admins: enable (true) or disable (false) an account by uuid; disabling ends all of the user's sessions at once. Admins cannot disable themselves (422). Audited.",
  }, async ({ user, params }) => service.setEnabled(user, params.uuid, params.enabled));
}
