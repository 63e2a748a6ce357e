// Wrong: a server feature imports another feature.
import { groupAccess } from '../groups/access.js';

export const access = groupAccess;
