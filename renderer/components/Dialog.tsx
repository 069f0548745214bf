import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  wide?: boolean;
  /** More classes on the `<dialog>`, for a page's own layout of it (a side drawer). */
  className?: string;
  /** A click on the backdrop closes it too: for dialogs that only show, never for forms. */
  closeOnBackdrop?: boolean;
}

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, Escape closes it and
 * focus returns to where it was. The title labels it for screen readers.
 */
export function Dialog({ open, title, onClose, children, footer, wide = false, className, closeOnBackdrop = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !open) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      // React removes the <dialog> as it closes, so the browser does not give focus back.
      if (opener instanceof HTMLElement && opener.isConnected && !dialog.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog--wide' : ''}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      // Header, body and footer fill the box, so a click on the <dialog> itself is on its backdrop.
      onClick={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t('actions.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="dialog__body">{children}</div>
      {footer !== undefined && <footer className="dialog__footer">{footer}</footer>}
    </dialog>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy = false, error = null, onConfirm, onCancel }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('dialog.working') : confirmLabel}
          </button>
        </>
      }
    >
      {error !== null && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="dialog__text">{children}</div>
    </Dialog>
  );
}
