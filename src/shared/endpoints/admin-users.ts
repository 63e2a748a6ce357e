// Admin: the user list and enabling or disabling a user.
import { adminUsersParamsSchema, adminUsersSchema, setEnabledParamsSchema, setEnabledSchema } from '../schemas/admin.js';
import { endpoint } from '../endpoint.js';

/** Admins: every account by name, disabled and unverified ones too; search -1 for all, else every word a prefix of a name, username or e-mail */
export const listUsers = endpoint({
  method: 'GET',
  path: '/api/users/:offset/:count/:search',
  params: adminUsersParamsSchema,
  response: adminUsersSchema,
});

/** Admins: enable (true) or disable (false) an account by uuid; disabling ends all of the user's sessions at once. Admins cannot disable themselves (422). Audited. */
export const setUserEnabled = endpoint({
  method: 'POST',
  path: '/api/users/SetEnabled/:uuid/:enabled',
  params: setEnabledParamsSchema,
  response: setEnabledSchema,
});
