// Wrong: a server plugin imports a feature.
import { postLimit } from '../features/posts/limit.js';

export const limit = postLimit;
