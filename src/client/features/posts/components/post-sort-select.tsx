// The order of a post list: newest first, or the most helpful of the last 30 days.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostSort } from '../../../../shared/schemas/conversation';
import { NS } from '../../../i18n/conversation';
import './conversation.css';

export function PostSortSelect({ value, onChange }: { value: PostSort; onChange: (sort: PostSort) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  return (
    <div className="post-sort">
      <label htmlFor={id} className="small">{t('sortLabel')}</label>{' '}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value === 'helpful' ? 'helpful' : 'newest')}>
        <option value="newest">{t('sortNewest')}</option>
        <option value="helpful">{t('sortHelpful')}</option>
      </select>
    </div>
  );
}
