import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from '../api/tokens.js';
import { i18n } from '../i18n/index.js';

/**
 * One page of a paged list, with loading and error state: `reload` fetches it again,
 * `setData` lets a page show a change at once (a switch flipped) without a reload.
 * Only the latest request's answer is shown: an older one that arrives later (a search,
 * then at once "Show all") is dropped, as is any answer after the list is gone.
 */
export function useList<T>(load: (page: number, pageSize: number) => Promise<Paged<T>>, pageSize: number, what: string) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reload = useCallback(
    async (quiet = false) => {
      const request = ++latest.current;
      const current = () => mounted.current && request === latest.current;
      if (!quiet) setLoading(true);
      if (!quiet) setError(null);
      try {
        const answer = await load(page, pageSize);
        if (!current()) return;
        setData(answer);
        setError(null);
      } catch (caught) {
        if (current()) setError(messageOf(caught, i18n.t('common:errors.loadList', { what })));
      } finally {
        if (current()) setLoading(false);
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

/** Reloads the list quietly every `ms` while `active` (something on it still runs). */
export function useReloadWhile(active: boolean, reload: (quiet?: boolean) => Promise<void>, ms: number): void {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => void reload(true), ms);
    return () => window.clearInterval(timer);
  }, [active, reload, ms]);
}
