import type { ButtonHTMLAttributes } from 'react';

/** The app's buttons: one look per role. `buttonClass` also dresses a Link or an anchor that must look like a button. */

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
/** sm: toolbars and inline actions; md: forms; compact: square-ish toolbar buttons; icon: a 36 px square for an icon. */
export type ButtonSize = 'sm' | 'md' | 'compact' | 'icon';

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800 disabled:hover:bg-accent-700',
  secondary:
    'border border-slate-300 text-slate-800 hover:bg-slate-100 disabled:hover:bg-transparent dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
  quiet:
    'text-slate-700 hover:bg-slate-100 hover:text-slate-950 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3',
  md: 'h-9 px-4',
  compact: 'h-8 min-w-8 px-2',
  icon: 'h-9 w-9',
};

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout only (margins, `max-sm:hidden`); never colours. */
  className?: string;
}

export function buttonClass({ variant = 'secondary', size = 'sm', className }: ButtonLook = {}): string {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>;

/** A `<button>` (type "button" unless told otherwise). */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
