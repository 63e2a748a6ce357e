// Every endpoint of the API, by feature: the server serves exactly these (a test checks both ways).
export * as notifications from './notifications.js';
export * as language from './language.js';
