// Rate limits of a model and of a group (for each user calling): set in their dialogs, sent as `limits`.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import GroupsPage from '../../renderer/pages/admin/GroupsPage.js';
import { ModelDialog } from '../../renderer/pages/admin/models/ModelDialog.js';
import { stubApi, type Call } from './helpers/fake-api.js';
import { modelRecord } from './helpers/model-records.js';

describe('model and group rate limits', () => {
  it("a model's requests per minute, shown and saved; no spending caps there", async () => {
    const api = stubApi()
      .on('GET /api/models/unpriced_policy', { unpriced_model_policy: 'free' })
      .on('PUT /api/models/meta', ({ body }: Call) => body);
    const onSaved = vi.fn();
    const model = modelRecord({ id: 4, name: 'gpt-4o', limits: { tpm: 50_000 } });
    render(<ModelDialog model={model} initialName="" suppliers={[]} records={[model]} onClose={() => {}} onSaved={onSaved} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit model gpt-4o' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Tokens per minute' }).value).toBe('50000');
    expect(within(dialog).queryByTestId('spending-caps')).toBeNull();
    expect(within(dialog).getByTestId('rate-limits').textContent).toContain('Counted for each user calling this model.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Requests per minute' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 4, limits: { rpm: 10, tpm: 50_000 } });
  });

  it("a group's limits in its dialog and its row", async () => {
    const group = { name: 'default', ratio: 1, description: '', selectable: true, limits: { rpm: 5 }, channels: 1, users: 2, tokens: 3, created_at: 0, updated_at: 0 };
    const api = stubApi()
      .on('GET /api/group', { items: [group], total: 1, page: 1, page_size: 20 })
      .on('PUT /api/group', ({ body }: Call) => ({ ...group, ...(body as object) }));
    render(<GroupsPage />);
    const row = await screen.findByRole('row', { name: /default/ });
    expect(row.textContent).toContain('5 req/min');
    await userEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit group default' });
    const tpm = within(dialog).getByRole('textbox', { name: 'Tokens per minute' });
    await userEvent.type(tpm, 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number, or empty for no limit.')).toBeTruthy();
    await userEvent.clear(tpm);
    await userEvent.type(tpm, '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'default', limits: { rpm: 5, tpm: 20_000 } });
  });
});
