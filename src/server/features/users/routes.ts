// User calls of spec section 7: UpdateUserDetails and UserDetails/{id}. (GET /api/users/me,
// registration and AssignOrganisation live with auth.)
import type { FastifyInstance } from 'fastify';
import { setMyLanguage } from '../../../shared/endpoints/language.js';
import { route } from '../../lib/route.js';
import { updateUserDetails, getUserDetails } from '../../../shared/endpoints/users.js';
import { usersRepository } from './repository.js';
import { usersService } from './service.js';

export default async function userRoutes(app: FastifyInstance) {
  const service = usersService(usersRepository(app.db));
  const tags = ['users'];

  route(app, updateUserDetails, {
    auth: 'user',
    tags,
    summary: 'Update first name, last name and phone (blank fields are kept); Id is your id or uuid, or anyone\'s for an admin',
  }, async ({ user, body }) => service.updateDetails(user, body));

  route(app, getUserDetails, {
    auth: 'user',
    tags,
    summary: "Another user's public details (by id or uuid); unknown, disabled or unverified users are 404",
  }, async ({ params }) => service.publicDetails(params.id));

  route(app, setMyLanguage, {
    auth: 'user',
    tags,
    summary: "Set your language for the app, e-mails and messages ('en', 'de'), or clear it (null: the browser's languages decide)",
  }, async ({ user, body }) => service.setLanguage(user, body.language));
}
