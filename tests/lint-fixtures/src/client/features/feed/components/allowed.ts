// Right: a feature imports its own files and shared client code.
import { feedTitle } from '../title.js';
import { clientFlag } from '../../../lib/flag.js';

export const label = clientFlag ? feedTitle : '';
