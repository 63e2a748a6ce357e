// POST /api/forumpost/report/{postId}: report another user's post (once).
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as postsApi from '../../../../shared/endpoints/posts';

export const reportPost = (id: number) => call(postsApi.reportPost, { params: { postId: id } });

export const useReportPost = () => useMutation({ mutationFn: reportPost });
