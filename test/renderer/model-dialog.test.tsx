// The model dialog's "Built-in price, if any": the built-in price of the name typed, or,
// for a name without one, a warning that says what calls of it will do before it is saved.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModelDialog } from '../../renderer/pages/admin/models/ModelDialog.js';
import { stubApi, type Call } from './helpers/fake-api.js';

function relay(policy: 'free' | 'reject') {
  return stubApi()
    .on('GET /api/models/unpriced_policy', { unpriced_model_policy: policy })
    .on('POST /api/models/meta', ({ body }: Call) => ({ id: 1, ...(body as object) }));
}

function open(name: string) {
  const onSaved = vi.fn();
  render(<ModelDialog model={null} initialName={name} suppliers={[]} onClose={() => {}} onSaved={onSaved} />);
  return { dialog: screen.getByRole('dialog', { name: `Describe ${name}` }), onSaved };
}

describe('model dialog: built-in price', () => {
  it('warns, before saving, that a model without a built-in price will have none and be refused', async () => {
    const api = relay('reject');
    const { dialog, onSaved } = open('my-local-model');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pricing' }), 'Built-in price, if any');
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('calls of it are refused'));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'The relay has no built-in price for my-local-model: saved like this, the model has no price, and calls of it are refused (the unpriced_model_policy setting is “reject”). Choose a price per token or per call to charge for it.',
    );
    // The button says what saving does.
    await userEvent.click(screen.getByRole('button', { name: 'Save without a price' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved the model “my-local-model”.'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'my-local-model', model_ratio: null, price_per_call: null });
  });

  it('says calls will be free when the relay serves unpriced models for free', async () => {
    relay('free');
    const { dialog } = open('my-local-model');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pricing' }), 'Built-in price, if any');
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('calls of it are free (the unpriced_model_policy setting is “free”)'));
  });

  it('shows the built-in price of a name the relay knows, matched by prefix as the relay matches it', async () => {
    relay('free');
    const { dialog } = open('gpt-4o-2024-11-20');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pricing' }), 'Built-in price, if any');
    expect(within(dialog).getByTestId('built-in-price').textContent).toBe(
      'Calls pay the relay’s built-in price for gpt-4o-2024-11-20: $2.5 / 1M input, $10 / 1M output, $1.25 / 1M cached input.',
    );
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save model' })).toBeTruthy();

    // Renamed to a model the relay has no price for: the warning comes.
    const name = within(dialog).getByRole('textbox', { name: 'Model name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'house-model');
    expect(within(dialog).getByRole('status').textContent).toContain('The relay has no built-in price for house-model');
    expect(within(dialog).queryByTestId('built-in-price')).toBeNull();
  });
});
