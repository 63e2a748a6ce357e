import type { FastifyInstance } from 'fastify';
import { updateDetailsSchema } from '../../../shared/schemas/auth.js';
import { hasRole, Role } from '../../../shared/enums.js';
import { forbidden, notFound, parse } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/session.js';
import { presentPublicUser, presentUser } from './present.js';
import { usersRepository } from './repository.js';

export default async function userRoutes(app: FastifyInstance) {
  const users = usersRepository(app.db);
  const tags = ['users'];

  app.post('/api/users/UpdateUserDetails', { preHandler: app.requireUser, schema: { tags, summary: 'Update first name, last name and phone' } }, async (request) => {
    const body = parse(updateDetailsSchema, request.body);
    const me = currentUser(request);
    const isSelf = String(body.Id) === String(me.id) || String(body.Id) === me.uuid_id;
    if (!isSelf && !hasRole(me.role, Role.Admin)) throw forbidden('You may only update your own details');
    const target = isSelf ? me : (/^\d+$/.test(String(body.Id)) ? await users.byId(Number(body.Id)) : await users.byUuid(String(body.Id)));
    if (!target) throw notFound();
    const values: { first_name?: string; last_name?: string; mobile_phone?: string | null } = {};
    if (body.FirstName) values.first_name = body.FirstName;
    if (body.LastName) values.last_name = body.LastName;
    if (body.MobilePhone != null && body.MobilePhone !== '') values.mobile_phone = body.MobilePhone;
    await users.update(target.id, values);
    const fresh = (await users.byId(target.id))!;
    return presentUser(fresh, await users.organisation(fresh.organisation_id));
  });

  app.get('/api/users/UserDetails/:id', { preHandler: app.requireUser, schema: { tags, summary: "Another user's public details (by id or uuid)" } }, async (request) => {
    const { id } = request.params as { id: string };
    const user = /^\d+$/.test(id) ? await users.byId(Number(id)) : await users.byUuid(id);
    if (!user || !user.enabled || !user.email_verified) throw notFound('User not found');
    return presentPublicUser(user, await users.organisation(user.organisation_id));
  });
}
