// Reported scenario reviews (admin): the open reports, ignoring one, deleting the review.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { deleteReportedReview, ignoreReportedReview, listReportedReviews } from '../../../../shared/endpoints/exchange';

export const reportedReviewsQueryKey = ['exchange', 'reviews', 'reported'] as const;

export const reportedReviewsQueryOptions = () =>
  queryOptions({ queryKey: reportedReviewsQueryKey, queryFn: () => call(listReportedReviews), staleTime: 0 });

export const useReportedReviews = () => useQuery(reportedReviewsQueryOptions());

export function useIgnoreReviewReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, userId }: { reviewId: number; userId: number }) => call(ignoreReportedReview, { params: { id: reviewId, userId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: reportedReviewsQueryKey }),
  });
}

export function useDeleteReportedReview() {
  const qc = useQueryClient();
  // The reported list and the scenario's reviews and average change.
  return useMutation({
    mutationFn: (reviewId: number) => call(deleteReportedReview, { params: { id: reviewId } }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: reportedReviewsQueryKey }), qc.invalidateQueries({ queryKey: ['scenarios'] })]),
  });
}
