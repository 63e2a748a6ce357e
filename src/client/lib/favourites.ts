// My favourite scenarios, read by the /me card, the feed's side column and the offline sync: one
// query and one key, so a favourite toggle anywhere refreshes every list that shows them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';
import * as scenariosApi from '../../shared/endpoints/scenarios';

/** Under ['scenarios'], so invalidating every scenario query refreshes it too. */
export const myFavouriteScenariosQueryKey = ['scenarios', 'myfavourites'] as const;

export const getMyFavouriteScenarios = () => call(scenariosApi.getMyFavouriteScenarios);

export const myFavouriteScenariosQueryOptions = () =>
  // Always re-checked on mount: favourites also change on the user's other devices.
  queryOptions({ queryKey: myFavouriteScenariosQueryKey, queryFn: getMyFavouriteScenarios, retry: false, staleTime: 0 });

export const useMyFavouriteScenarios = () => useQuery(myFavouriteScenariosQueryOptions());
