// User rules (spec sections 4 and 7): updating one's details (an admin may update anyone's) and
// another user's public details. Access checks first, then the rules, then the response shapes.
import type * as v from 'valibot';
import { hasRole, Role } from '../../../shared/enums.js';
import type { updateDetailsSchema } from '../../../shared/schemas/auth.js';
import { MAX_ID } from '../../../shared/schemas/common.js';
import type { Me, PublicUser } from '../../../shared/schemas/users.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { presentPublicUser, presentUser } from '../../lib/present-user.js';
import type { UsersRepository } from './repository.js';

type UpdateDetailsInput = v.InferOutput<typeof updateDetailsSchema>;

export const MESSAGES = {
  notSelf: 'You may only update your own details',
  userNotFound: 'User not found',
} as const;

export function usersService(users: UsersRepository) {
  /** A user by numeric id or uuid_id; a number beyond the id column names nobody. */
  async function byIdOrUuid(id: string) {
    if (/^\d+$/.test(id)) return Number(id) <= MAX_ID ? users.byId(Number(id)) : undefined;
    return users.byUuid(id);
  }

  return {
    /** PATCH /api/users/me: the signed-in user's language, or null. */
    async setLanguage(me: SessionUser, language: string | null): Promise<Me> {
      await users.update(me.id, { language });
      const fresh = await users.byId(me.id);
      if (!fresh) throw notFound();
      return presentUser(fresh, await users.organisation(fresh.organisation_id));
    },

    /** POST /api/users/UpdateUserDetails: blank fields are kept; another user's details only by an admin. */
    async updateDetails(me: SessionUser, input: UpdateDetailsInput): Promise<Me> {
      const id = String(input.Id);
      const isSelf = id === String(me.id) || id === me.uuid_id;
      if (!isSelf && !hasRole(me.role, Role.Admin)) throw forbidden(MESSAGES.notSelf);
      const target = isSelf ? me : await byIdOrUuid(id);
      if (!target) throw notFound();
      const values: { first_name?: string; last_name?: string; mobile_phone?: string | null } = {};
      if (input.FirstName) values.first_name = input.FirstName;
      if (input.LastName) values.last_name = input.LastName;
      if (input.MobilePhone != null && input.MobilePhone !== '') values.mobile_phone = input.MobilePhone;
      await users.update(target.id, values);
      const fresh = await users.byId(target.id);
      if (!fresh) throw notFound();
      return presentUser(fresh, await users.organisation(fresh.organisation_id));
    },

    /** GET /api/users/UserDetails/{id}: enabled, verified users only; anyone else is 404. */
    async publicDetails(id: string): Promise<PublicUser> {
      const user = await byIdOrUuid(id);
      if (!user || !user.enabled || !user.email_verified) throw notFound(MESSAGES.userNotFound);
      return presentPublicUser(user, await users.organisation(user.organisation_id));
    },
  };
}
