import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useConfirm } from '../../../components/confirm';
import { clearPrivateOfflineData, countUnsent, unsentWarning } from '../../../offline/logout';
import { meQueryKey } from '../api/get-me';

/** /logout: warn about unsent offline items, end the session on the server, forget cached data, go to /login. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const unsent = await countUnsent().catch(() => 0);
      if (unsent > 0 && !(await confirm({ title: 'Sign out', message: unsentWarning(unsent), confirmLabel: 'Sign out', danger: true }))) {
        navigate('/feed', { replace: true });
        return;
      }
      await api('/api/me/logout', { allowUnauthorized: true }).catch(() => undefined);
      await clearPrivateOfflineData(queryClient);
      queryClient.setQueryData(meQueryKey, null);
      navigate('/login', { replace: true });
    })();
  }, [navigate, queryClient, confirm]);
  return <p className="muted">Signing out...</p>;
}
