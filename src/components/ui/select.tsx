import type { SelectHTMLAttributes } from 'react';
import { controlClass, Field, type FieldProps } from './field.tsx';

export type SelectProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

/** A labelled `<select>`; its options are the children. */
export function Select({ label, hint, error, id, className, children, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className} describedBy={describedBy} invalid={invalid}>
      {(wiring) => (
        <select {...select} {...wiring} className={controlClass}>
          {children}
        </select>
      )}
    </Field>
  );
}
