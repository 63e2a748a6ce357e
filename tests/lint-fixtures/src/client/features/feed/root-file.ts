// Wrong: a file at a feature's root imports another feature.
import { scenarioTitle } from '../scenarios/title.js';

export const label = scenarioTitle;
