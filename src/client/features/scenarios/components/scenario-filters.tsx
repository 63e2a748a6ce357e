// Library filters (spec section 2): search box, Patient Age, Patient Condition (All is -1;
// 0 Stable, 1 Deteriorating, 2 Cardiac Arrest as DESIGN section 8 decides), tags, Clear, page size.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../../../../shared/limits';
import { TagSelector, type Tag } from '../../../components/tag-selector';

export interface LibraryFilterState {
  search: string;
  age: number;
  condition: number;
  tagIds: number[];
  count: number;
}

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
  const active = (value.age !== -1 ? 1 : 0) + (value.condition !== -1 ? 1 : 0) + value.tagIds.length;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: text });
  };
  return (
    <section className="card scenario-filters" aria-label="Filters">
      <form role="search" onSubmit={submit} className="scenario-search">
        <label htmlFor="scenario-search" className="visually-hidden">Search scenarios</label>
        <input id="scenario-search" type="search" placeholder="Search scenarios" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn primary">Search</button>
      </form>
      <button type="button" className="btn filters-toggle" aria-expanded={open} aria-controls="scenario-filter-panel" onClick={() => setOpen((o) => !o)}>
        {active ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </button>
      <div id="scenario-filter-panel" className={`filter-panel${open ? ' open' : ''}`}>
      <div className="row">
        <div>
          <label htmlFor="filter-age">Patient Age</label>
          <select id="filter-age" value={value.age} onChange={(e) => onChange({ age: Number(e.target.value) })}>
            <option value={-1}>All</option>
            <option value={0}>Neonate</option>
            <option value={1}>Paediatric</option>
            <option value={2}>Adult</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-condition">Patient Condition</label>
          <select id="filter-condition" value={value.condition} onChange={(e) => onChange({ condition: Number(e.target.value) })}>
            <option value={-1}>All</option>
            <option value={0}>Stable</option>
            <option value={1}>Deteriorating</option>
            <option value={2}>Cardiac Arrest</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-size">Per page</label>
          <select id="filter-size" value={value.count} onChange={(e) => onChange({ count: Number(e.target.value) })}>
            {PAGE_SIZE.scenarioLibraryChoices.map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </div>
      </div>
      <TagSelector tags={tags} selected={value.tagIds} onChange={(tagIds) => onChange({ tagIds })} label="Tags" />
      <div className="actions">
        <button type="button" className="btn" onClick={() => { setText(''); onClear(); }}>Clear</button>
      </div>
      </div>
    </section>
  );
}
