// GET /api/scenarios/userpublic/{userId} and GET /api/scenarios/userfavourites/{userId} (view-user).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export const getUserPublicScenarios = (userId: string) => api<Scenario[]>(`/api/scenarios/userpublic/${encodeURIComponent(userId)}`);
export const getUserFavouriteScenarios = (userId: string) => api<Scenario[]>(`/api/scenarios/userfavourites/${encodeURIComponent(userId)}`);

export const userPublicQueryOptions = (userId: string) =>
  queryOptions({ queryKey: scenarioKeys.userPublic(userId), queryFn: () => getUserPublicScenarios(userId) });
export const userFavouritesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: scenarioKeys.userFavourites(userId), queryFn: () => getUserFavouriteScenarios(userId) });

export const useUserPublicScenarios = (userId: string) => useQuery(userPublicQueryOptions(userId));
export const useUserFavouriteScenarios = (userId: string) => useQuery(userFavouritesQueryOptions(userId));
