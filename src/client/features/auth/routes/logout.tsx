import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../components/confirm';
import { countUnsent, signOutDevice, unsentWarning } from '../../../offline/logout';
import { meQueryKey } from '../api/get-me';
import { useTranslation } from 'react-i18next';

/**
 * /logout: warn about unsent offline items (with the choice to stay), sign out on the device at
 * once and go to /login; the server session ends now, or as soon as the server can be reached
 * and before anything else is sent.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const unsent = await countUnsent().catch(() => 0);
      if (unsent > 0 && !(await confirm({ title: t('logout.signOut'), message: unsentWarning(unsent), confirmLabel: t('logout.signOut'), cancelLabel: t('logout.staySignedIn'), danger: true }))) {
        // Stay: back where the user was (or the feed when /logout was opened directly).
        if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
        else navigate('/feed', { replace: true });
        return;
      }
      await signOutDevice(queryClient);
      queryClient.setQueryData(meQueryKey, null);
      navigate('/login', { replace: true });
    })();
  }, [navigate, queryClient, confirm, t]);
  return <p className="muted">{t('logout.signingOut')}</p>;
}
