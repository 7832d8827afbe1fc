import type { ReactNode } from 'react';
import { FieldMessages, fieldLabelClass } from './field.tsx';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  /** Shown but not changeable (say why in the group's hint). */
  disabled?: boolean;
}

export interface CheckboxGroupProps {
  /** Names the group (a fieldset's legend). */
  legend: ReactNode;
  /** The form field name every box submits under. */
  name: string;
  options: readonly CheckboxOption[];
  /** Uncontrolled: the values checked at first. */
  defaultValue?: readonly string[];
  /** Controlled: the values checked now (with onChange). */
  value?: readonly string[];
  onChange?: (value: string[]) => void;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown in place of the boxes when there are no options. */
  empty?: ReactNode;
  /** The fieldset's classes (grid placement). */
  className?: string;
  /** Makes the ids of hint and error (defaults to `name`). */
  id?: string;
}

/** Checkboxes in a fieldset named by its legend, with an optional hint and error as its description. */
export function CheckboxGroup({ legend, name, options, defaultValue, value, onChange, hint, error, empty, className, id = name }: CheckboxGroupProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const toggle = (option: string, on: boolean) => {
    if (!onChange) return;
    const current = value ?? [];
    onChange(on ? [...current, option] : current.filter((v) => v !== option));
  };
  return (
    <fieldset className={['min-w-0', className].filter(Boolean).join(' ')} aria-describedby={described}>
      <legend className={`mb-1 ${fieldLabelClass}`}>{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {/* As tall as a row of boxes, so the group keeps its height when they come. */}
        {options.length === 0 && empty && <span className="text-xs leading-5 text-slate-600 dark:text-slate-400">{empty}</span>}
        {options.map((option) => (
          <label
            key={option.value}
            className={['flex min-w-0 items-center gap-1.5 text-sm wrap-anywhere', option.disabled && 'text-slate-500 dark:text-slate-400']
              .filter(Boolean)
              .join(' ')}
          >
            <input
              type="checkbox"
              name={name}
              value={option.value}
              disabled={option.disabled}
              {...(value
                ? { checked: value.includes(option.value), onChange: (e) => toggle(option.value, e.target.checked) }
                : { defaultChecked: defaultValue?.includes(option.value) })}
              className="h-4 w-4 shrink-0 accent-accent-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
