// Chooses a custom dashboard range as a person does: Custom, both dates, Show.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Returns the custom range form (for its alert). Dates are `YYYY-MM-DD`. */
export async function showCustomRange(from: string, to: string): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
  const form = screen.getByRole('form', { name: 'Custom time range' });
  for (const [label, value] of [['From', from], ['To', to]] as const) {
    const field = within(form).getByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, value);
  }
  await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
  return form;
}
