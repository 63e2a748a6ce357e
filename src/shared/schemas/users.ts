// User responses (spec section 3 'User', section 7 'Users'), shared by the server's presenters and
// the client: the signed-in user (GET /api/users/me and the calls that answer with it) and the
// public view of another user (view-user).
import * as v from 'valibot';

/** The signed-in user's organisation. */
export const organisationSchema = v.object({
  name: v.string(),
  website: v.nullable(v.string()),
  organisation_code: v.string(),
});
export type Organisation = v.InferOutput<typeof organisationSchema>;

/** The signed-in user (GET /api/users/me, login, UpdateUserDetails, AssignOrganisation). */
export const meSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  username: v.string(),
  email: v.string(),
  last_login: v.nullable(v.string()),
  mobile_phone: v.nullable(v.string()),
  enabled: v.boolean(),
  /** Role names held, e.g. ['User', 'Admin']. */
  roles: v.array(v.string()),
  /** The role bits (spec section 3). */
  role: v.number(),
  organisation: v.nullable(organisationSchema),
  canProvision: v.boolean(),
  isPreRelease: v.boolean(),
  /** Kept for older clients; always empty (favourites have their own calls). */
  favourited_scenarios: v.array(v.unknown()),
  /** The language chosen for the app, e-mails and messages ('en', 'de'); null: not chosen. */
  language: v.nullable(v.string()),
});
export type Me = v.InferOutput<typeof meSchema>;

/** Another user's organisation as a signed-in user may see it (no code). */
export const publicOrganisationSchema = v.object({ name: v.string(), website: v.nullable(v.string()) });

/** What another signed-in user may see (GET /api/users/UserDetails/{id}). */
export const publicUserSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  username: v.string(),
  organisation: v.nullable(publicOrganisationSchema),
});
export type PublicUser = v.InferOutput<typeof publicUserSchema>;
