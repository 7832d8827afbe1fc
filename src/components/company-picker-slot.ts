import type { ReactNode } from 'react';

/**
 * What a filter form asks of a company picker. The picker itself searches the company index (the
 * search feature); the route hands it to the page as `renderCompanyPicker`, since features do not
 * import each other.
 */
export interface CompanyPickerProps {
  label: string;
  /** The input's id (a form moves focus to it). */
  id: string;
  /** The chosen company ids, as the address holds them. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

export type RenderCompanyPicker = (props: CompanyPickerProps) => ReactNode;
