// GET /api/scenarios/myfavourites: the side column's favourite scenarios (nothing shown on error).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface FavouriteScenario {
  id: number;
  uuid_id: string;
  name: string;
}

export const favouriteScenariosQueryOptions = () =>
  queryOptions({
    queryKey: ['scenarios', 'myfavourites'],
    queryFn: async () => {
      const data = await api<FavouriteScenario[] | { scenarios: FavouriteScenario[] }>('/api/scenarios/myfavourites');
      return Array.isArray(data) ? data : (data?.scenarios ?? []);
    },
    retry: false,
  });

export const useFavouriteScenarios = () => useQuery(favouriteScenariosQueryOptions());
