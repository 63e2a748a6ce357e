// The users calls (spec section 7).
import { updateDetailsSchema } from '../schemas/auth.js';
import { meSchema, publicUserSchema } from '../schemas/users.js';
import { idOrUuidParams } from '../schemas/common.js';
import { endpoint } from '../endpoint.js';

/** Update first name, last name and phone (blank fields are kept); Id is your id or uuid, or anyone's for an admin */
export const updateUserDetails = endpoint({
  method: 'POST',
  path: '/api/users/UpdateUserDetails',
  body: updateDetailsSchema,
  response: meSchema,
  errors: [403, 404],
});

/** Another user's public details (by id or uuid); unknown, disabled or unverified users are 404 */
export const getUserDetails = endpoint({
  method: 'GET',
  path: '/api/users/UserDetails/:id',
  params: idOrUuidParams,
  response: publicUserSchema,
});
