// Tag multi-select (spec section 5): case-insensitive substring search; selected tags always shown;
// titles truncated to 20 characters with an ellipsis.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { truncateTag } from '../../shared/format';

export interface Tag {
  id: number;
  title: string;
}

/** The options to list for a search term: matches plus every selected tag. Exported for tests. */
export function visibleTags(all: Tag[], selected: number[], term: string): Tag[] {
  const t = term.trim().toLowerCase();
  return all.filter((tag) => selected.includes(tag.id) || !t || tag.title.toLowerCase().includes(t));
}

export function TagSelector({ tags, selected, onChange, label: givenLabel, help }: {
  tags: Tag[];
  selected: number[];
  onChange: (ids: number[]) => void;
  label?: string;
  help?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const label = givenLabel ?? t('tags.label');
  const id = useId();
  const [term, setTerm] = useState('');
  const toggle = (tagId: number) => onChange(selected.includes(tagId) ? selected.filter((x) => x !== tagId) : [...selected, tagId]);
  const shown = visibleTags(tags, selected, term);
  return (
    <fieldset className="tag-selector">
      <legend>{label}</legend>
      {help && <p className="help">{help}</p>}
      <label htmlFor={`${id}-search`} className="visually-hidden">
        {t('tags.search', { label: i18n.language === 'en' ? label.toLowerCase() : label })}
      </label>
      <input id={`${id}-search`} type="search" placeholder={t('tags.placeholder')} value={term} onChange={(e) => setTerm(e.target.value)} />
      <div className="tag-options" role="group" aria-label={label}>
        {shown.map((tag) => (
          <label key={tag.id} className={`tag-option${selected.includes(tag.id) ? ' selected' : ''}`} title={tag.title}>
            <input type="checkbox" checked={selected.includes(tag.id)} onChange={() => toggle(tag.id)} />
            {truncateTag(tag.title)}
          </label>
        ))}
        {shown.length === 0 && <span className="muted">{t('tags.none')}</span>}
      </div>
    </fieldset>
  );
}
