// GET /api/scenarios/myfavourites
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export const getMyFavourites = () => api<Scenario[]>('/api/scenarios/myfavourites');

export const myFavouritesQueryOptions = () => queryOptions({ queryKey: scenarioKeys.favourites(), queryFn: getMyFavourites });

export const useMyFavourites = () => useQuery(myFavouritesQueryOptions());
