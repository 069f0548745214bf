/** Text ending a sentence: a full stop added unless it already ends with one ("…key." stays, not "…key.."). */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
