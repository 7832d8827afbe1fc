/** CheckboxGroup: a group named by its legend, one named checkbox per option. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxGroup } from '../../../src/components/ui/checkbox-group.tsx';

describe('CheckboxGroup', () => {
  const options = [
    { value: '1', label: 'Earnings call' },
    { value: '2', label: 'Capital markets day' },
  ];

  it('is a group named by its legend, with one named checkbox per option, checked from defaultValue', () => {
    render(<CheckboxGroup legend="Transcript types" name="typeIds" options={options} defaultValue={['2']} hint="Any of these" />);
    const group = screen.getByRole('group', { name: 'Transcript types' });
    expect(group).toHaveAccessibleDescription('Any of these');
    expect(screen.getByRole('checkbox', { name: 'Earnings call' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Capital markets day' })).toBeChecked();
  });

  it('submits the checked values under its name', async () => {
    let submitted: string[] = [];
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted = new FormData(e.currentTarget).getAll('typeIds').map(String);
        }}
      >
        <CheckboxGroup legend="Transcript types" name="typeIds" options={options} />
        <button type="submit">Apply</button>
      </form>,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Earnings call' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Capital markets day' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Earnings call' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(submitted).toEqual(['2']);
  });

  it('reports changes when controlled', async () => {
    function Controlled() {
      const [value, setValue] = useState<string[]>(['1']);
      return (
        <>
          <CheckboxGroup legend="Groups" name="groups" options={options} value={value} onChange={setValue} />
          <output>{value.join(',')}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Capital markets day' }));
    expect(screen.getByRole('status')).toHaveTextContent('1,2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Earnings call' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^2$/);
  });

  it('shows a disabled option as it is, not to be changed', async () => {
    render(
      <CheckboxGroup
        legend="Include"
        name="parts"
        options={[
          { value: 'speakers', label: 'Speakers' },
          { value: 'timestamps', label: 'Timestamps', disabled: true },
        ]}
        defaultValue={['timestamps']}
        hint="Captions always carry their times."
      />,
    );
    const timestamps = screen.getByRole('checkbox', { name: 'Timestamps' });
    expect(timestamps).toBeDisabled();
    await userEvent.click(timestamps);
    expect(timestamps).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Speakers' })).toBeEnabled();
  });

  it('says so when there is nothing to choose', () => {
    render(<CheckboxGroup legend="Transcript types" name="typeIds" options={[]} empty="None seen yet" />);
    expect(screen.getByRole('group', { name: 'Transcript types' })).toHaveTextContent('None seen yet');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
