// POST /api/forumpost/report/{postId}: report another user's post (once).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reportPost = (id: number) => api<{ message: string }>(`/api/forumpost/report/${id}`, { method: 'POST' });

export const useReportPost = () => useMutation({ mutationFn: reportPost });
