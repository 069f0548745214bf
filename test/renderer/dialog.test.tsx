import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from '../../renderer/components/Dialog.js';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} title="Rename the key" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
        <label>
          Name <input />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal dialog labelled by its title', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Opener />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the key' }) as HTMLDialogElement;
    // showModal(), not show(): the browser traps focus inside and makes the page inert.
    expect(showModal).toHaveBeenCalledOnce();
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('closes with the × button', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape (the dialog’s cancel event) through onClose, not by itself', () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Delete" onClose={onClose}>
        Sure?
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    // Browsers fire `cancel` on Escape; happy-dom does not, so the event is sent directly.
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(onClose).toHaveBeenCalledOnce();
    // The page decides: the native close is prevented, so React state stays the truth.
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
  });
});

describe('ConfirmDialog', () => {
  it('asks, then confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open title="Delete laptop?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel}>
        Calls with this key will fail.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete laptop?' }).textContent).toContain('Calls with this key will fail.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows progress and the error, and cannot be pressed twice while busy', () => {
    render(
      <ConfirmDialog open busy error="The key is in use." title="Delete laptop?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}}>
        Sure?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alert').textContent).toBe('The key is in use.');
    expect(screen.getByRole('button', { name: 'Working…' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });
});
