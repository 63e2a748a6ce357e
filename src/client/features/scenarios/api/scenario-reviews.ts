// Reviews of a scenario: the list (with mine and whether I may review), save mine, delete mine, report one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { deleteScenarioReview, getScenarioReviews, reportScenarioReview, saveScenarioReview, type ReviewInput } from '../../../../shared/endpoints/exchange';
import { randomId } from '../../../lib/compat';
import { scenarioKeys } from './keys';

const reviewsKey = (id: string) => [...scenarioKeys.detail(id), 'reviews'] as const;

export const useScenarioReviews = (id: string) => useQuery({ queryKey: reviewsKey(id), queryFn: () => call(getScenarioReviews, { params: { id }, query: { count: '50' } }) });

export function useSaveReview(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInput) => call(saveScenarioReview, { params: { id }, body }, { headers: { 'Idempotency-Key': randomId() } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }),
  });
}

export function useDeleteReview(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => call(deleteScenarioReview, { params: { id } }), onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}

export const reportReview = (reviewId: number) => call(reportScenarioReview, { params: { id: reviewId } });
