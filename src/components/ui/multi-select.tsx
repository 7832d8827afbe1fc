import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { controlClass, FieldMessages, fieldLabelClass } from './field.tsx';

export interface MultiSelectOption {
  value: string;
  label: string;
  /** A second line, e.g. a company's tickers. */
  detail?: string;
}

export interface PickedItem {
  value: string;
  /** Undefined while its name loads (the chip shows a neutral placeholder). */
  label: string | undefined;
}

export interface MultiComboboxProps {
  label: ReactNode;
  /** The text input's id (focus moves here when a form points at the field). */
  id?: string;
  picked: readonly PickedItem[];
  /** The options for what is typed now (picked ones are left out here). */
  options: readonly MultiSelectOption[];
  query: string;
  onQueryChange: (query: string) => void;
  onAdd: (value: string) => void;
  onRemove: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Said in the list when nothing matches what is typed. */
  noMatch?: ReactNode;
  /** Open the list on focus with nothing typed (a short fixed list); otherwise it opens as one types. */
  openOnFocus?: boolean;
  className?: string;
}

/**
 * A multi-select as a combobox with a listbox (the one for countries, exchanges and companies):
 * type to narrow, arrows to move, Enter to pick, Escape to close. What is picked shows as chips
 * above the input: each is a button that removes it (click, Enter, Delete or Backspace), and
 * Backspace in the empty input removes the last one.
 */
export function MultiCombobox({
  label,
  id,
  picked,
  options,
  query,
  onQueryChange,
  onAdd,
  onRemove,
  placeholder,
  hint,
  error,
  noMatch = 'No matches',
  openOnFocus = false,
  className,
}: MultiComboboxProps) {
  const made = useId();
  const inputId = id ?? made;
  const listId = `${inputId}-listbox`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const input = useRef<HTMLInputElement>(null);
  const chipRefs = useRef(new Map<string, HTMLButtonElement>());
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const pickedValues = new Set(picked.map((item) => item.value));
  const shown = options.filter((option) => !pickedValues.has(option.value));
  const listOpen = open && (query.trim() !== '' || openOnFocus);
  const activeIndex = Math.min(active, shown.length - 1);
  const optionId = (index: number) => `${inputId}-option-${index}`;

  useEffect(() => {
    if (listOpen && activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from inputId
  }, [listOpen, activeIndex, inputId]);

  const pick = (value: string) => {
    onAdd(value);
    onQueryChange('');
    setActive(0);
    // The list closes on a pick, so it no longer covers the form's Apply and the next Enter submits
    // instead of picking another; typing, an arrow or a click opens it again.
    setOpen(false);
    input.current?.focus();
  };

  const remove = (value: string, index: number) => {
    onRemove(value);
    // Focus goes to the chip before (or after) it, or back to the input.
    const next = picked[index - 1] ?? picked[index + 1];
    const target = next ? chipRefs.current.get(next.value) : undefined;
    (target ?? input.current)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!listOpen) {
          setOpen(true);
          setActive(0);
          return;
        }
        if (shown.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((Math.max(activeIndex, 0) + step + shown.length) % shown.length);
        return;
      }
      case 'Enter':
        // With a list open, Enter picks; otherwise it submits the form as usual.
        if (listOpen && shown[activeIndex]) {
          event.preventDefault();
          pick(shown[activeIndex].value);
        }
        return;
      case 'Escape':
        if (listOpen) {
          event.preventDefault();
          setOpen(false);
        }
        return;
      case 'Backspace':
        if (query === '' && picked.length > 0) {
          event.preventDefault();
          onRemove(picked[picked.length - 1]!.value);
        }
        return;
    }
  };

  return (
    <div className={['relative min-w-0', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      {picked.length > 0 && (
        <ul aria-label={typeof label === 'string' ? `Chosen ${label.toLowerCase()}` : 'Chosen'} className="mt-1 flex flex-wrap gap-1">
          {picked.map((item, index) => (
            <li key={item.value}>
              <button
                type="button"
                ref={(node) => {
                  if (node) chipRefs.current.set(item.value, node);
                  else chipRefs.current.delete(item.value);
                }}
                aria-label={`Remove ${item.label ?? 'this choice (name loading)'}`}
                onClick={() => remove(item.value, index)}
                onKeyDown={(event) => {
                  if (event.key === 'Delete' || event.key === 'Backspace') {
                    event.preventDefault();
                    remove(item.value, index);
                  }
                }}
                className="inline-flex max-w-full items-center gap-1 rounded-full border border-accent-700/40 bg-accent-50 px-2 py-0.5 text-xs text-slate-800 hover:bg-accent-100 dark:border-accent-300/40 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
              >
                <span className="truncate">
                  {item.label ?? <span className="inline-block h-2.5 w-16 animate-pulse rounded bg-slate-200 align-middle dark:bg-slate-700" />}
                </span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={listOpen}
        aria-controls={listId}
        aria-activedescendant={listOpen && activeIndex >= 0 && shown[activeIndex] ? optionId(activeIndex) : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          onQueryChange(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={controlClass}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={typeof label === 'string' ? label : undefined}
        hidden={!listOpen}
        className="absolute z-20 mt-1 max-h-64 w-full min-w-56 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {shown.map((option, index) => (
          // The keyboard works on the input (aria-activedescendant points at the active option).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keep focus in the input while a click picks.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option.value)}
            onMouseMove={() => setActive(index)}
            className={`cursor-pointer px-2.5 py-1.5 ${index === activeIndex ? 'bg-accent-50 dark:bg-slate-800' : ''}`}
          >
            <span className="block truncate">{option.label}</span>
            {option.detail && <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{option.detail}</span>}
          </li>
        ))}
        {shown.length === 0 && (
          <li role="presentation" className="px-2.5 py-1.5 text-slate-600 dark:text-slate-400">
            {noMatch}
          </li>
        )}
      </ul>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** Narrows a fixed list to what is typed: names or codes that start with it first, then names that contain it. */
export function matchOptions(options: readonly MultiSelectOption[], query: string, limit = 60): MultiSelectOption[] {
  const q = query.trim().toLowerCase();
  if (q === '') return options.slice(0, limit);
  const starts: MultiSelectOption[] = [];
  const contains: MultiSelectOption[] = [];
  for (const option of options) {
    const name = option.label.toLowerCase();
    if (name.startsWith(q) || option.value.toLowerCase() === q) starts.push(option);
    else if (name.includes(q) || option.value.toLowerCase().startsWith(q)) contains.push(option);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** A multi-select over a fixed, named list (countries, exchanges): the combobox with its own typing. */
export function MultiSelect({
  options,
  value,
  onChange,
  ...rest
}: Omit<MultiComboboxProps, 'picked' | 'options' | 'query' | 'onQueryChange' | 'onAdd' | 'onRemove' | 'openOnFocus'> & {
  options: readonly MultiSelectOption[];
  /** The chosen values, in the order chosen. */
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const labelOf = (v: string) => options.find((option) => option.value.toLowerCase() === v.toLowerCase())?.label ?? v;
  return (
    <MultiCombobox
      {...rest}
      openOnFocus
      picked={value.map((v) => ({ value: v, label: labelOf(v) }))}
      options={matchOptions(options, query)}
      query={query}
      onQueryChange={setQuery}
      onAdd={(v) => onChange([...value, v])}
      onRemove={(v) => onChange(value.filter((x) => x !== v))}
    />
  );
}
