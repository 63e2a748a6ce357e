// Wrong: server lib imports a feature.
import { postLimit } from '../features/posts/limit.js';

export const limit = postLimit;
