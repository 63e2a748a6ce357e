// Right: a server feature imports its own files and server lib.
import { postLimit } from './limit.js';
import { serverFlag } from '../../lib/flag.js';

export const limit = serverFlag ? postLimit : 0;
