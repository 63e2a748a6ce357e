// Favourite toggle (a star) with the number of favourites; a favourite is also kept offline.
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { useToggleFavourite } from '../api/toggle-favourite';

export function FavouriteButton({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation('scenarios');
  const toggle = useToggleFavourite();
  const toast = useToast();
  const on = scenario.is_favourited_by_current_user;
  return (
    <button
      type="button"
      className={`btn favourite${on ? ' on' : ''}`}
      aria-pressed={on}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(scenario, {
          onSuccess: (r) => {
            if (!r.sent) toast(t('actions.savedOffline'));
          },
          onError: (err) => toast(err instanceof ApiError ? err.message : t('actions.invalidResponse'), 'error'),
        })
      }
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {on ? t('actions.favourited') : t('actions.favourite')} ({scenario.number_favourites})
    </button>
  );
}
