/** The one multi-select (countries, exchanges, companies): a combobox with a listbox, and chips that remove. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiCombobox, MultiSelect } from '../../../src/components/ui/multi-select.tsx';
import { countryOptions } from '../../../src/lib/filters/countries.ts';

function Countries({ initial = [], onChange, onSubmit }: { initial?: string[]; onChange?: (value: string[]) => void; onSubmit?: () => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <MultiSelect
        label="Countries"
        options={countryOptions()}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="submit">Apply</button>
    </form>
  );
}

describe('MultiSelect', () => {
  it('narrows the named list as one types; Enter picks the active option, which shows as a chip', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Countries onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'swe');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sweden']);
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Sweden' }).id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['SE']);
    expect(screen.getByRole('button', { name: 'Remove Sweden' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('closes the list on a pick, so a second Enter applies the form instead of picking another; a click opens it again', async () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Countries onChange={onChange} onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await user.click(input);
    expect(screen.getByRole('listbox', { name: 'Countries' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('arrows move through the options; Escape closes the list', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Countries onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await user.type(input, 'united');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['United Arab Emirates', 'United Kingdom', 'United States']);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'United Kingdom' })).toHaveAttribute('aria-selected', 'true');
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'United States' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['GB']);
    await user.type(input, 'x');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('Backspace in the empty input removes the last chip; Delete or Backspace on a chip removes that one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Countries initial={['SE', 'NO', 'DK']} onChange={onChange} />);
    expect(screen.getByRole('list', { name: 'Chosen countries' })).toHaveTextContent('Sweden×Norway×Denmark×');
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(['SE', 'NO']);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Remove Norway' })).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(onChange).toHaveBeenLastCalledWith(['SE']);
    // Focus moves to the chip before it, so the keyboard can go on.
    expect(screen.getByRole('button', { name: 'Remove Sweden' })).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(input).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'Chosen countries' })).toBeNull();
  });

  it('says when nothing matches, and Enter then submits the form as usual', async () => {
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    const user = userEvent.setup();
    render(<Countries />);
    screen.getByRole('button', { name: 'Apply' }).closest('form')!.addEventListener('submit', submitted);
    await user.type(screen.getByRole('combobox', { name: 'Countries' }), 'atlantis');
    expect(screen.getByRole('listbox', { name: 'Countries' })).toHaveTextContent('No matches');
    await user.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});

describe('MultiCombobox', () => {
  it('a chip whose name is still loading shows a placeholder, never the id', () => {
    render(
      <MultiCombobox
        label="Companies"
        picked={[{ value: '12', label: undefined }]}
        options={[]}
        query=""
        onQueryChange={() => {}}
        onAdd={() => {}}
        onRemove={() => {}}
      />,
    );
    const chips = screen.getByRole('list', { name: 'Chosen companies' });
    expect(chips).not.toHaveTextContent('12');
    expect(screen.getByRole('button', { name: 'Remove this choice (name loading)' })).toBeInTheDocument();
  });
});
