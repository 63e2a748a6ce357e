// What a group list shows before its rows: a spinner while loading, the server's message when the
// read failed, the empty line when there are none; null once there are rows to show.
import type { ReactElement } from 'react';
import { Spinner } from '../../../components/spinner';

export function listState(q: { isLoading: boolean; isError: boolean; error: unknown; data?: readonly unknown[] }, loading: string, empty: string): ReactElement | null {
  if (q.isLoading) return <Spinner label={loading} />;
  if (q.isError) return <p className="alert error" role="alert">{(q.error as Error).message}</p>;
  if (!q.data?.length) return <p className="muted empty-line">{empty}</p>;
  return null;
}
