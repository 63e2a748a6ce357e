// Wrong: a feature imports another feature.
import { scenarioTitle } from '../../scenarios/title.js';

export const label = scenarioTitle;
