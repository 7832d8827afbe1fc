import type { ButtonHTMLAttributes } from 'react';

/** The app's buttons: one look per role. `buttonClass` also dresses a Link or an anchor that must look like a button. */

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
/** xs: beside a value (Copy); sm: toolbars and inline actions; md: forms and a page's main actions; compact: a toolbar's arrows and icons; icon: the player's 36 px squares. */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'compact' | 'icon';

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800 disabled:hover:bg-accent-700',
  secondary:
    'border border-slate-300 text-slate-800 hover:bg-slate-100 disabled:hover:bg-transparent dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
  quiet:
    'text-slate-700 hover:bg-slate-100 hover:text-slate-950 disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500',
};

const SIZES: Record<ButtonSize, string> = {
  xs: 'h-6 px-1.5 text-xs',
  sm: 'h-8 px-3 text-sm',
  md: 'h-9 px-4 text-sm',
  compact: 'h-8 min-w-8 px-2 text-sm',
  icon: 'h-9 w-9 text-sm',
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
