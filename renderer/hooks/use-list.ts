import { useCallback, useEffect, useState } from 'react';
import type { Paged } from '../api/tokens.js';

/**
 * One page of a paged list, with loading and error state: `reload` fetches it again,
 * `setData` lets a page show a change at once (a switch flipped) without a reload.
 */
export function useList<T>(load: (page: number, pageSize: number) => Promise<Paged<T>>, pageSize: number, what: string) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      if (!quiet) setError(null);
      try {
        setData(await load(page, pageSize));
        setError(null);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : `Could not load the ${what}.`);
      } finally {
        setLoading(false);
      }
    },
    [load, page, pageSize, what],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return { page, setPage, data, setData, loading, error, reload };
}

export function messageOf(caught: unknown, fallback: string): string {
  return caught instanceof Error ? caught.message : fallback;
}
