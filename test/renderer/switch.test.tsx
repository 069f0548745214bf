import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from '../../renderer/components/Switch.js';

function Controlled({ initial = false, onChange }: { initial?: boolean; onChange?: (on: boolean) => void }) {
  const [on, setOn] = useState(initial);
  return (
    <Switch
      checked={on}
      label="Enable laptop key"
      onChange={(next) => {
        setOn(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Switch', () => {
  it('is a switch named by its label, reporting its state with aria-checked', () => {
    render(<Switch checked label="Enable laptop key" onChange={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Enable laptop key' }).getAttribute('aria-checked')).toBe('true');
  });

  it('toggles on click', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const control = screen.getByRole('switch');
    await userEvent.click(control);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(control.getAttribute('aria-checked')).toBe('true');
  });

  it('toggles from the keyboard with Space and Enter', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const control = screen.getByRole('switch');
    await user.tab();
    expect(document.activeElement).toBe(control);
    await user.keyboard(' ');
    expect(control.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('does nothing when disabled', async () => {
    const onChange = vi.fn();
    render(<Switch checked={false} disabled label="Enable" onChange={onChange} />);
    await userEvent.click(screen.getByRole('switch'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('can show its label as text instead of an aria-label', () => {
    render(<Switch checked={false} showLabel label="Unlimited quota" onChange={() => {}} />);
    const control = screen.getByRole('switch', { name: 'Unlimited quota' });
    expect(control.hasAttribute('aria-label')).toBe(false);
    expect(control.textContent).toBe('Unlimited quota');
  });
});
