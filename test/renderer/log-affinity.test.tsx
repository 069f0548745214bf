// The log drawer tells a coding-agent session's prompt-cache affinity in words: kept on its
// key, moved off it, or its first call.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LogDrawer } from '../../renderer/pages/logs/LogDrawer.js';
import { logRecord } from './helpers/log-records.js';

function affinityRow(other: Record<string, unknown>): string | null | undefined {
  render(<LogDrawer record={logRecord({ other })} admin={false} channels={{ status: 'off' }} onClose={() => {}} />);
  const drawer = screen.getByRole('dialog');
  return within(drawer).queryByText('Prompt-cache affinity', { selector: 'dt' })?.nextElementSibling?.textContent;
}

describe('log drawer: prompt-cache affinity', () => {
  it('says how the call stood to its session', () => {
    expect(affinityRow({ affinity: { outcome: 'hit', key: 2 } })).toBe("Kept on key 2, where the session's earlier calls went");
  });
  it('says when the session moved', () => {
    expect(affinityRow({ affinity: { outcome: 'moved', key: 1 } })).toBe("Moved to key 1: the session's key could not serve");
  });
  it('shows nothing for a call without a session', () => {
    expect(affinityRow({})).toBeUndefined();
  });
});
