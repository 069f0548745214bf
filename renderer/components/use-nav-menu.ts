// The side navigation of a narrow window: behind a menu button, opened as a drawer under the
// top bar. It closes on navigation, on Escape (focus back on the button), on a click beside it,
// and when focus leaves it; opening it puts focus on the current page's link.
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

export function useNavMenu(path: string) {
  const [open, setOpen] = useState(false);
  /** Where the drawer starts: under the top bar, whose height depends on the window. */
  const [top, setTop] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [path]);

  useEffect(() => {
    if (!open) return;
    const links = nav.current;
    (links?.querySelector<HTMLElement>('[aria-current="page"]') ?? links?.querySelector<HTMLElement>('a'))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const toggle = useCallback(() => {
    setTop(button.current?.closest('header')?.getBoundingClientRect().bottom ?? 0);
    setOpen((current) => !current);
  }, []);

  /** A link followed: the drawer goes, and focus moves to the page it opens. */
  const followed = useCallback(() => {
    setOpen(false);
    document.getElementById('main')?.focus();
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    if (to instanceof Node && (nav.current?.contains(to) || button.current?.contains(to))) return;
    setOpen(false);
  }, []);

  return { open, top, button, nav, toggle, close: () => setOpen(false), followed, onBlur };
}
