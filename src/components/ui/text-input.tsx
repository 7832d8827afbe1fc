import type { InputHTMLAttributes } from 'react';
import { controlClass, Field, type FieldProps } from './field.tsx';

export type TextInputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input (text, date, number...): the label is its name, the hint and error its description. */
export function TextInput({ label, hint, error, id, className, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...input }: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className} describedBy={describedBy} invalid={invalid}>
      {(wiring) => <input {...input} {...wiring} className={controlClass} />}
    </Field>
  );
}
