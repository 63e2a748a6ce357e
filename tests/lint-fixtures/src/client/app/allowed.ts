// Right: app/ (router, layout) puts features together.
import { feedTitle } from '../features/feed/title.js';
import { scenarioTitle } from '../features/scenarios/title.js';

export const titles = [feedTitle, scenarioTitle];
export const load = () => import('../features/feed/title.js');
