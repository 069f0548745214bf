/** Adds a warning once: a conversation with forty images needs one line about them, not forty. */
export function addWarning(warnings: string[], message: string): void {
  if (!warnings.includes(message)) warnings.push(message);
}
