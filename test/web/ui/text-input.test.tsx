/** TextInput: its label names it, its hint and error describe it, an error marks it invalid. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../../src/components/ui/text-input.tsx';

describe('TextInput', () => {
  it('is named by its label and described by its hint', () => {
    render(<TextInput label="Tickers" hint="Tickers on any exchange, separated by commas" defaultValue="" />);
    const input = screen.getByRole('textbox', { name: 'Tickers' });
    expect(input).toHaveAccessibleDescription('Tickers on any exchange, separated by commas');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('with an error, is invalid and described by hint and error', () => {
    render(<TextInput label="Countries" hint="Two-letter codes" error="Not a country: XX" defaultValue="XX" />);
    const input = screen.getByRole('textbox', { name: 'Countries' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Two-letter codes Not a country: XX');
    expect(screen.getByText('Not a country: XX')).toBeVisible();
  });

  it('keeps a description and invalid state given by the caller', () => {
    render(
      <>
        <TextInput label="Event id" aria-invalid aria-describedby="problem" defaultValue="abc" />
        <p id="problem">Enter an event id: a whole number.</p>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Event id' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter an event id: a whole number.');
  });

  it('takes what is typed', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextInput label="ISINs" value={value} onChange={(e) => setValue(e.target.value)} />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.type(screen.getByRole('textbox', { name: 'ISINs' }), 'US0378331005');
    expect(screen.getByRole('status')).toHaveTextContent('US0378331005');
  });

  it('labels a date input too', () => {
    render(<TextInput label="Updated after" type="date" defaultValue="2026-02-01" />);
    expect(screen.getByLabelText('Updated after')).toHaveValue('2026-02-01');
  });
});
