// PATCH /api/users/me { language }: the account's language. Sent through the outbox, so a choice
// made offline reaches the account when the device is back online (the screen switched at once).
import { useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../../shared/endpoint';
import { setMyLanguage } from '../../../../shared/endpoints/language';
import type { Language } from '../../../../shared/languages';
import { meQueryKey, type Me } from '../../../lib/current-user';
import { sendOrQueue } from '../../../offline/outbox';
import { changeLanguage, i18n } from '../../../i18n';

export function useSetLanguage() {
  const queryClient = useQueryClient();
  return async (language: Language | null) => {
    await changeLanguage(language);
    const me = queryClient.getQueryData<Me | null>(meQueryKey);
    if (!me) return;
    queryClient.setQueryData<Me>(meQueryKey, { ...me, language });
    const result = await sendOrQueue('language', i18n.t('language.label', { ns: 'common' }), {
      method: setMyLanguage.method as 'PATCH',
      url: pathOf(setMyLanguage),
      json: { language },
    });
    if (result.status === 'sent') queryClient.setQueryData(meQueryKey, result.response as Me);
  };
}
