/**
 * Modal dialogs on the native <dialog> element (the rest of the page is inert while it is open):
 * labelled by its title, the first field (or the `initialFocus` element) takes the focus, Escape
 * closes it, and the focus goes back to where it was.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  className?: string;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button:not(.ed-dialog__close)');
    first?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);
  return (
    <dialog ref={ref} aria-modal="true" aria-labelledby={titleId} className={`ed-dialog${wide ? ' ed-dialog--wide' : ''}${className ? ` ${className}` : ''}`}>
      <div className="ed-dialog__head">
        <h2 id={titleId} className="ed-dialog__title">
          {title}
        </h2>
        <button type="button" className="ed-dialog__close ed-button ed-button--ghost" aria-label={t('common.close')} onClick={() => close.current()}>
          ×
        </button>
      </div>
      <div className="ed-dialog__body">{children}</div>
      {footer && <div className="ed-dialog__foot">{footer}</div>}
    </dialog>
  );
}

/** A yes/no question before something that cannot be taken back lightly. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            data-autofocus
            className={`ed-button ${danger ? 'ed-button--danger' : 'ed-button--primary'}`}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="ed-confirm">{message}</div>
    </Dialog>
  );
}
