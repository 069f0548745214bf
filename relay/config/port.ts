/** A TCP port as typed in a flag or an environment variable: 0 to 65535 (0 picks a free one); null when it is not one. */
export function parsePort(text: string): number | null {
  const port = Number(text);
  return /^\d+$/.test(text) && port <= 65_535 ? port : null;
}
