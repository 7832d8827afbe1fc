import { useId, type AriaAttributes, type ReactNode } from 'react';

/** What TextInput and Select share: the label above, the hint and the error below, wired to the control. */

export const fieldLabelClass = 'block text-xs font-medium text-slate-700 dark:text-slate-300';

export const controlClass =
  'mt-1 block h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 text-sm placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400';

/** A toolbar's control whose label is visually hidden (find boxes, page number): add width and padding. */
export const inlineControlClass =
  'h-8 min-w-0 rounded-md border border-slate-300 bg-white text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400';

export const hintClass = 'mt-0.5 block text-xs text-slate-600 dark:text-slate-400';
export const errorClass = 'mt-1 block text-xs text-red-700 dark:text-red-300';

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control and read as its description. */
  hint?: ReactNode;
  /** Shown under the control, read as its description, and marks it invalid. */
  error?: ReactNode;
  /** The control's id (one is made up when absent). */
  id?: string;
  /** The wrapper's classes (width, grid placement). */
  className?: string;
}

export interface ControlWiring {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': AriaAttributes['aria-invalid'];
}

/** Lays out label, control, hint and error; `children` gets the ids and aria attributes for the control. */
export function Field({
  label,
  hint,
  error,
  id,
  className,
  describedBy,
  invalid,
  children,
}: FieldProps & { describedBy?: string; invalid?: AriaAttributes['aria-invalid']; children: (wiring: ControlWiring) => ReactNode }) {
  const made = useId();
  const controlId = id ?? made;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const described = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={fieldLabelClass}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': described, 'aria-invalid': error ? true : invalid })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A control's hint and error, under it, with the ids its `aria-describedby` names. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: ReactNode; errorId?: string }) {
  return (
    <>
      {hint && (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={errorClass}>
          {error}
        </span>
      )}
    </>
  );
}
