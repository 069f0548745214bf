// The Models and pricing page's table: each record's price in USD, including the price a
// record without its own takes from another record whose name starts its name.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ModelsPage from '../../renderer/pages/admin/ModelsPage.js';
import { stubApi } from './helpers/fake-api.js';
import { modelRecord } from './helpers/model-records.js';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 100 });

function relay(records: ReturnType<typeof modelRecord>[]) {
  return stubApi()
    .on('GET /api/models/meta', page(records))
    .on('GET /api/models/missing', [])
    .on('GET /api/group', page([]))
    .on('GET /api/vendors', page([]));
}

describe('models page', () => {
  it('shows a record priced through a shorter record’s name with that price, not as unpriced', async () => {
    relay([
      modelRecord({ id: 1, name: 'house-model', model_ratio: 1, completion_ratio: 2, price_source: 'model' }),
      modelRecord({ id: 2, name: 'house-model-v2', price_source: 'model' }),
      modelRecord({ id: 3, name: 'lonely-model', price_source: 'none' }),
    ]);
    render(<ModelsPage />);
    const inherited = await screen.findByTestId('price-house-model-v2');
    await within(inherited).findByText('Price of house-model');
    expect([...inherited.querySelectorAll('span span')].map((s) => s.textContent)).toEqual(['$2 / 1M input', '$4 / 1M output']);
    expect(within(inherited).queryByText('No price')).toBeNull();
    expect(within(screen.getByTestId('price-lonely-model')).getByText('No price')).toBeTruthy();
  });

  it('shows prices per unit in the readable amount they are set in', async () => {
    relay([
      modelRecord({ id: 1, name: 'rerank-house', unit_prices: { search_units: 0.002 }, price_source: 'model' }),
      modelRecord({ id: 2, name: 'voice', model_ratio: 1, unit_prices: { seconds: 0.0001, characters: 0.000015 }, price_source: 'model' }),
    ]);
    render(<ModelsPage />);
    const lines = async (name: string) => [...(await screen.findByTestId(`price-${name}`)).querySelectorAll('span span')].map((s) => s.textContent);
    expect(await lines('rerank-house')).toEqual(['$2 / 1K search units']);
    expect(await lines('voice')).toEqual(['$2 / 1M input', '$2 / 1M output', '$0.006 / minute', '$15 / 1M characters']);
  });
});
