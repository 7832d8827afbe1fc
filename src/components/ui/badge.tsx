import type { HTMLAttributes } from 'react';

/** A short label in a pill: a state, a data source, a kind of record. */

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';
export type BadgeSize = 'sm' | 'md';

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  accent: 'border-accent-300 bg-accent-50 text-accent-900 dark:border-accent-700 dark:bg-accent-950 dark:text-accent-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  danger: 'border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
};

const SIZES: Record<BadgeSize, string> = {
  sm: 'px-2 py-0.5 text-xs font-medium',
  md: 'px-2.5 py-0.5 text-sm font-semibold',
};

/** The pill's classes, for an element that must stay what it is (a link that looks like a badge). */
export function badgeClass({ tone = 'neutral', size = 'sm' }: { tone?: BadgeTone; size?: BadgeSize } = {}): string {
  return `inline-flex items-center gap-1.5 rounded-full border ${SIZES[size]} ${TONES[tone]}`;
}

export type BadgeProps = { tone?: BadgeTone; size?: BadgeSize } & Omit<HTMLAttributes<HTMLSpanElement>, 'className'>;

export function Badge({ tone, size, ...span }: BadgeProps) {
  return <span {...span} className={badgeClass({ tone, size })} />;
}
