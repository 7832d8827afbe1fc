/** Select: a combobox named by its label, described by its hint and error. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Select } from '../../../src/components/ui/select.tsx';

describe('Select', () => {
  it('is a combobox named by its label, with its options, hint and error', async () => {
    render(
      <Select label="Order" hint="By event date" error="Pick an order" defaultValue="desc">
        <option value="desc">Newest first</option>
        <option value="asc">Oldest first</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Order' });
    expect(select).toHaveValue('desc');
    expect(select).toHaveAccessibleDescription('By event date Pick an order');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'Oldest first');
    expect(select).toHaveValue('asc');
  });
});
