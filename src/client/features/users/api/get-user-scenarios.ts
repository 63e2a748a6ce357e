// GET /api/scenarios/userpublic/{userId} and GET /api/scenarios/userfavourites/{userId} (view-user).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
// Under ['scenarios'], so a favourite toggle or an edit anywhere refreshes them too.
const userScenarioKeys = {
  userPublic: (userId: string) => ['scenarios', 'user-public', userId] as const,
  userFavourites: (userId: string) => ['scenarios', 'user-favourites', userId] as const,
};

export const getUserPublicScenarios = (userId: string) => call(scenariosApi.getUserPublicScenarios, { params: { userId } });
export const getUserFavouriteScenarios = (userId: string) => call(scenariosApi.getUserFavouriteScenarios, { params: { userId } });

export const userPublicQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userScenarioKeys.userPublic(userId), queryFn: () => getUserPublicScenarios(userId) });
export const userFavouritesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userScenarioKeys.userFavourites(userId), queryFn: () => getUserFavouriteScenarios(userId) });

export const useUserPublicScenarios = (userId: string) => useQuery(userPublicQueryOptions(userId));
export const useUserFavouriteScenarios = (userId: string) => useQuery(userFavouritesQueryOptions(userId));
