// A text box that offers people to mention while '@name' is typed: an ARIA 1.2 combobox over the
// textarea (role combobox, aria-expanded, aria-controls, aria-activedescendant) with a listbox of up
// to eight people who can see what is written (the scope: a post's readers, a group's members, or
// everyone for the feed). Arrow keys move through the list, Enter or Tab picks, Escape closes it;
// the caret stays in the text box throughout. Picking writes '@username ' in place of what was typed.
import { useEffect, useId, useLayoutEffect, useRef, useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { mentionAtCaret } from '../../../../shared/mentions';
import type { MentionCandidate } from '../../../../shared/schemas/conversation';
import { NS } from '../../../i18n/conversation';
import { useMentionCandidates, type MentionScope } from '../api/conversation';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'role'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  scope: MentionScope;
  inputRef?: Ref<HTMLTextAreaElement>;
};

/** The term after '@' settles this long before people are looked up. */
const SETTLE_MS = 150;

export function MentionTextarea({ id, value, onValueChange, scope, inputRef, onKeyDown, onBlur, ...rest }: Props) {
  const { t } = useTranslation(NS);
  const listId = `${id}-mentions`;
  const optionId = (i: number) => `${id}-mention-${i}`;
  const statusId = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [at, setAt] = useState<{ start: number; term: string } | null>(null);
  const [term, setTerm] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  // Where the caret goes once a picked mention is in the box: set in the same commit as the new
  // value, before the next key is handled, so what is typed next lands after the mention.
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    const pos = caretAfterPick.current;
    if (el === null || pos === null) return;
    caretAfterPick.current = null;
    el.focus();
    el.setSelectionRange(pos, pos);
  }, [value]);

  useEffect(() => {
    const next = at?.term ?? null;
    if (next === null) {
      setTerm(null);
      return;
    }
    const timer = setTimeout(() => setTerm(next), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [at?.term]);

  const found = useMentionCandidates(scope, term);
  const people: MentionCandidate[] = at && term !== null ? (found.data?.users ?? []) : [];
  const open = at !== null && !dismissed && people.length > 0;
  const noMatch = at !== null && !dismissed && term !== null && term !== '' && found.isSuccess && !found.isPlaceholderData && people.length === 0;

  useEffect(() => setActive(0), [term]);

  const track = (el: HTMLTextAreaElement) => {
    const next = el.selectionStart === el.selectionEnd ? mentionAtCaret(el.value, el.selectionStart) : null;
    setAt((prev) => (prev?.start === next?.start && prev?.term === next?.term ? prev : next));
    if (!next) setDismissed(false);
  };

  const choose = (person: MentionCandidate) => {
    const el = box.current;
    if (!el || !at) return;
    const caret = el.selectionStart;
    const inserted = `@${person.username} `;
    const next = value.slice(0, at.start) + inserted + value.slice(caret);
    onValueChange(next);
    setAt(null);
    caretAfterPick.current = at.start + inserted.length;
  };

  const setRefs = (el: HTMLTextAreaElement | null) => {
    box.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) (inputRef as { current: HTMLTextAreaElement | null }).current = el;
  };

  return (
    <div className="mention-box">
      <textarea
        {...rest}
        id={id}
        ref={setRefs}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(Math.min(active, people.length - 1)) : undefined}
        onChange={(e) => {
          onValueChange(e.target.value);
          // Typing on opens a list closed with Escape again.
          setDismissed(false);
          track(e.target);
        }}
        onSelect={(e) => track(e.currentTarget)}
        onClick={(e) => track(e.currentTarget)}
        onBlur={(e) => {
          setAt(null);
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (open) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((i) => (i + step + people.length) % people.length);
              return;
            }
            if (e.key === 'Enter' || e.key === 'Tab') {
              e.preventDefault();
              choose(people[Math.min(active, people.length - 1)]);
              return;
            }
            if (e.key === 'Escape') {
              // Closes the list only, not the dialog around the text box.
              e.preventDefault();
              e.stopPropagation();
              setDismissed(true);
              return;
            }
          }
          onKeyDown?.(e);
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('mentionList')} className="mention-list" hidden={!open}>
        {open &&
          people.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`mention-option${i === active ? ' active' : ''}`}
              // Keeps the caret in the text box: the pick happens on mouse down.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p);
              }}
            >
              <span>{p.first_name} {p.last_name}</span> <span className="muted">@{p.username}</span>
            </li>
          ))}
      </ul>
      <p id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {open ? t('mentionCount', { count: people.length }) : noMatch ? t('mentionNone') : ''}
      </p>
      {noMatch && <p className="small muted mention-none">{t('mentionNone')}</p>}
    </div>
  );
}
