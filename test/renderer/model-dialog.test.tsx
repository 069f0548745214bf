// The model dialog's "Built-in price, if any": the built-in price of the name typed, or the
// price of another record whose name starts it, or, for a name without either, a warning that
// says what calls of it will do before it is saved.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModelMeta } from '../../renderer/api/admin.js';
import { ModelDialog } from '../../renderer/pages/admin/models/ModelDialog.js';
import { stubApi, type Call } from './helpers/fake-api.js';
import { modelRecord } from './helpers/model-records.js';

function relay(policy: 'free' | 'reject') {
  return stubApi()
    .on('GET /api/models/unpriced_policy', { unpriced_model_policy: policy })
    .on('POST /api/models/meta', ({ body }: Call) => ({ id: 1, ...(body as object) }));
}

function open(name: string, records: ModelMeta[] = []) {
  const onSaved = vi.fn();
  render(<ModelDialog model={null} initialName={name} suppliers={[]} records={records} onClose={() => {}} onSaved={onSaved} />);
  return { dialog: screen.getByRole('dialog', { name: `Describe ${name}` }), onSaved };
}

function record(id: number, name: string, price: Partial<ModelMeta>): ModelMeta {
  return modelRecord({ id, name, price_source: 'model', ...price });
}

describe('model dialog: built-in price', () => {
  it('warns, before saving, that a model without a built-in price will have none and be refused', async () => {
    const api = relay('reject');
    const { dialog, onSaved } = open('my-local-model');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pricing' }), 'Built-in price, if any');
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('calls of it are refused'));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'The relay has no built-in price for my-local-model, nor does another record price it by prefix: saved like this, the model has no price, and calls of it are refused (the unpriced_model_policy setting is “reject”). Choose a price per token and unit, or per call, to charge for it.',
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

  it('shows the price of another record whose name starts the name, as the relay charges it, instead of a warning', async () => {
    relay('reject');
    const { dialog } = open('house-model-v2', [record(4, 'house-model', { model_ratio: 1, completion_ratio: 2 }), record(5, 'house', { price_per_call: 0.5 })]);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pricing' }), 'Built-in price, if any');
    // The longest name that starts it wins.
    expect(within(dialog).getByTestId('built-in-price').textContent).toBe(
      'Calls pay the price of the model record house-model (house-model-v2 starts with its name): $2 / 1M input, $4 / 1M output.',
    );
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save model' })).toBeTruthy();
  });

  it('does not count the price of the record being edited: saved without one, it has none', async () => {
    relay('reject');
    const own = record(4, 'house-model', { model_ratio: 1 });
    render(<ModelDialog model={own} initialName="house-model" suppliers={[]} records={[own]} onClose={() => {}} onSaved={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit model house-model' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pricing' }), 'Built-in price, if any');
    expect(within(dialog).getByRole('status').textContent).toContain('The relay has no built-in price for house-model');
    expect(screen.getByRole('button', { name: 'Save without a price' })).toBeTruthy();
  });

  it('prices a model per search unit, shown per 1K and stored per unit, with tokens free', async () => {
    const api = relay('reject');
    const { dialog, onSaved } = open('rerank-house');
    const field = within(dialog).getByRole('textbox', { name: 'Per 1K search units' });
    await userEvent.type(field, '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save model' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('A price in USD (0 or more), or empty.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved the model “rerank-house”.'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'rerank-house', model_ratio: null, price_per_call: null, unit_prices: { search_units: 0.002 } });
  });

  it('prices a video model per second by output size, refusing a size not written WIDTHxHEIGHT', async () => {
    const api = relay('reject');
    const { dialog, onSaved } = open('my-video');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Per minute' }), '6');
    const sizes = within(dialog).getByRole('textbox', { name: 'Price by output size' });
    await userEvent.type(sizes, 'large = 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save model' }));
    expect(sizes.getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();

    await userEvent.clear(sizes);
    await userEvent.type(sizes, '1792x1024 = 1.67, 1024x1792=1.67');
    await userEvent.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ unit_prices: { seconds: 0.1 }, size_ratios: { '1792x1024': 1.67, '1024x1792': 1.67 } });
  });
});
