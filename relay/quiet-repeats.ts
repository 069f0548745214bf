// A background failure that repeats (PostgreSQL or Redis down: the heartbeat, the sweep and the
// counter write-back each fail every few seconds on every instance) is logged once a minute
// with how often it came meanwhile, not each time.

/** `say`, each message said at most once per `windowMs`; said again afterwards with the count of the repeats kept back. */
export function quietRepeats(say: (message: string) => void, windowMs = 60_000, now: () => number = Date.now): (message: string) => void {
  const said = new Map<string, { at: number; held: number }>();
  return (message) => {
    const at = now();
    const last = said.get(message);
    if (last && at - last.at < windowMs) {
      last.held++;
      return;
    }
    say(last?.held ? `${message} (and ${last.held} times more since ${new Date(last.at).toISOString()})` : message);
    if (said.size >= 100) for (const [text, entry] of said) if (at - entry.at >= windowMs) said.delete(text);
    said.set(message, { at, held: 0 });
  };
}
