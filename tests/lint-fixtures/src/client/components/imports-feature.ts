// Wrong: shared client code imports a feature.
import { feedTitle } from '../features/feed/title.js';

export const label = feedTitle;
