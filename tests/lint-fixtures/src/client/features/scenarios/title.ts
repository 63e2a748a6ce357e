export const scenarioTitle = 'A scenario';
