import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Paged } from '../../renderer/api/tokens.js';
import { useList } from '../../renderer/hooks/use-list.js';

/** A list answer the test sends when it chooses. */
function deferred(items: string[]) {
  let resolve!: () => void;
  const promise = new Promise<Paged<string>>((done) => {
    resolve = () => done({ items, total: items.length, page: 1, page_size: 20 });
  });
  return { promise, resolve };
}

describe('useList', () => {
  it('shows the latest request when an older one answers after it (a search, then at once every key)', async () => {
    const search = deferred(['laptop']);
    const all = deferred(['laptop', 'ci', 'desk']);
    const { result, rerender } = renderHook(({ load }) => useList(load, 20, 'keys'), { initialProps: { load: () => search.promise } });
    rerender({ load: () => all.promise });

    await act(async () => all.resolve());
    await waitFor(() => expect(result.current.data?.items).toEqual(['laptop', 'ci', 'desk']));
    await act(async () => search.resolve());
    expect(result.current.data?.items).toEqual(['laptop', 'ci', 'desk']);
    expect(result.current.loading).toBe(false);
  });

  it('keeps loading while the latest request is out, though an older one answered', async () => {
    const search = deferred(['laptop']);
    const all = deferred(['laptop', 'ci']);
    const { result, rerender } = renderHook(({ load }) => useList(load, 20, 'keys'), { initialProps: { load: () => search.promise } });
    rerender({ load: () => all.promise });

    await act(async () => search.resolve());
    expect(result.current.data).toBeNull();
    expect(result.current.loading).toBe(true);
    await act(async () => all.resolve());
    expect(result.current.data?.items).toEqual(['laptop', 'ci']);
  });
});
