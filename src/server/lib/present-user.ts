// Maps user rows to the response shapes of spec section 3.
import { roleNames } from '../../shared/enums.js';
import type { Me, PublicUser } from '../../shared/schemas/users.js';
import type { OrganisationRow, UserRow } from './ports.js';

/** The signed-in user's shape (spec section 3), kept under its old name for the auth routes. */
export type UserResponse = Me;

export function presentUser(user: UserRow, org?: OrganisationRow): UserResponse {
  return {
    id: user.id,
    uuid_id: user.uuid_id,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    last_login: user.last_login,
    mobile_phone: user.mobile_phone,
    enabled: Boolean(user.enabled),
    roles: roleNames(user.role),
    role: user.role,
    organisation: org ? { name: org.name, website: org.website, organisation_code: org.organisation_code } : null,
    canProvision: Boolean(user.can_provision),
    isPreRelease: Boolean(user.is_pre_release),
    favourited_scenarios: [],
    language: user.language ?? null,
  };
}

/** What another signed-in user may see (view-user). */
export function presentPublicUser(user: UserRow, org?: OrganisationRow): PublicUser {
  return {
    id: user.id,
    uuid_id: user.uuid_id,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    organisation: org ? { name: org.name, website: org.website } : null,
  };
}
