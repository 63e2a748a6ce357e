// The current user lives in lib/current-user.ts so every feature can read it; kept here for the shell.
export { getMe, meQueryKey, meQueryOptions, useMe, type Me } from '../../../lib/current-user';
