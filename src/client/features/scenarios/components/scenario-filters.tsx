// Library filters (spec section 2): search box, Patient Age, Patient Condition (All is -1;
// 0 Stable, 1 Deteriorating, 2 Cardiac Arrest as DESIGN section 8 decides), the scenario's language,
// tags, Clear, page size.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../../../../shared/limits';
import { TagSelector, type Tag } from '../../../components/tag-selector';
import { languageName } from '../../../i18n/format';

export interface LibraryFilterState {
  search: string;
  age: number;
  condition: number;
  tagIds: number[];
  count: number;
  /** A language tag ('de'), '' for all. */
  language?: string;
}

/** The languages scenarios are written in most, each named in itself ('Deutsch', 'Français'). */
export const SCENARIO_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl'] as const;

export function ScenarioFilters({ value, tags, onChange, onClear }: {
  value: LibraryFilterState;
  tags: Tag[];
  onChange: (next: Partial<LibraryFilterState>) => void;
  onClear: () => void;
}) {
  const [text, setText] = useState(value.search);
  const [prevSearch, setPrevSearch] = useState(value.search);
  if (prevSearch !== value.search) {
    // The URL changed (Clear, back button): show its search text.
    setPrevSearch(value.search);
    setText(value.search);
  }
  // On a phone the filters fold behind a 'Filters' button that counts the active ones.
  const { t } = useTranslation('scenarios');
  const [open, setOpen] = useState(false);
  const active = (value.age !== -1 ? 1 : 0) + (value.condition !== -1 ? 1 : 0) + (value.language ? 1 : 0) + value.tagIds.length;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: text });
  };
  return (
    <section className="card scenario-filters" aria-label={t('filters.label')}>
      <form role="search" onSubmit={submit} className="scenario-search">
        <label htmlFor="scenario-search" className="visually-hidden">{t('filters.search')}</label>
        <input id="scenario-search" type="search" placeholder={t('filters.search')} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn primary">{t('filters.searchButton')}</button>
      </form>
      <button type="button" className="btn filters-toggle" aria-expanded={open} aria-controls="scenario-filter-panel" onClick={() => setOpen((o) => !o)}>
        {active ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </button>
      <div id="scenario-filter-panel" className={`filter-panel${open ? ' open' : ''}`}>
      <div className="row">
        <div>
          <label htmlFor="filter-age">{t('filters.age')}</label>
          <select id="filter-age" value={value.age} onChange={(e) => onChange({ age: Number(e.target.value) })}>
            <option value={-1}>{t('filters.all')}</option>
            <option value={0}>{t('patientAge.0')}</option>
            <option value={1}>{t('patientAge.1')}</option>
            <option value={2}>{t('patientAge.2')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-condition">{t('filters.condition')}</label>
          <select id="filter-condition" value={value.condition} onChange={(e) => onChange({ condition: Number(e.target.value) })}>
            <option value={-1}>{t('filters.all')}</option>
            <option value={0}>{t('patientCondition.0')}</option>
            <option value={1}>{t('patientCondition.1')}</option>
            <option value={2}>{t('patientCondition.2')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-language">{t('filters.language')}</label>
          <select id="filter-language" value={value.language ?? ''} onChange={(e) => onChange({ language: e.target.value })}>
            <option value="">{t('filters.allLanguages')}</option>
            {SCENARIO_LANGUAGES.map((tag) => (
              <option key={tag} value={tag} lang={tag}>{languageName(tag)}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-size">{t('filters.perPage')}</label>
          <select id="filter-size" value={value.count} onChange={(e) => onChange({ count: Number(e.target.value) })}>
            {PAGE_SIZE.scenarioLibraryChoices.map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </div>
      </div>
      <TagSelector tags={tags} selected={value.tagIds} onChange={(tagIds) => onChange({ tagIds })} label={t('tags')} />
      <div className="actions">
        <button type="button" className="btn" onClick={() => { setText(''); onClear(); }}>{t('filters.clear')}</button>
      </div>
      </div>
    </section>
  );
}
