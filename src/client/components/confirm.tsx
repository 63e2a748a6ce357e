// Promise-based confirmation and message dialogs: `await confirm({...})` anywhere under <DialogProvider>.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';
import { translateMessage } from '../i18n/messages';

interface DialogOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** An information dialog has only an OK button. */
  infoOnly?: boolean;
}

type Open = (opts: DialogOptions) => Promise<boolean>;
const DialogContext = createContext<Open>(async () => false);

export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<(DialogOptions & { resolve: (v: boolean) => void }) | null>(null);
  // Titles and messages shared with the server (written in English) show in the app's language.
  const open = useCallback<Open>(
    (opts) =>
      new Promise((resolve) =>
        setState({ ...opts, title: translateMessage(opts.title), message: typeof opts.message === 'string' ? translateMessage(opts.message) : opts.message, resolve }),
      ),
    [],
  );
  const close = (value: boolean) => {
    state?.resolve(value);
    setState(null);
  };
  return (
    <DialogContext.Provider value={open}>
      {children}
      {state && (
        <Modal
          title={state.title}
          onClose={() => close(false)}
          footer={
            <>
              {!state.infoOnly && (
                <button type="button" className="btn" onClick={() => close(false)}>{state.cancelLabel ?? t('actions.cancel')}</button>
              )}
              <button type="button" className={`btn ${state.danger ? 'danger' : 'primary'}`} onClick={() => close(true)}>
                {state.confirmLabel ?? (state.infoOnly ? t('actions.ok') : t('actions.confirm'))}
              </button>
            </>
          }
        >
          <div className="dialog-message">{state.message}</div>
        </Modal>
      )}
    </DialogContext.Provider>
  );
}

/** const confirm = useConfirm(); if (await confirm({ title, message })) ... */
export const useConfirm = () => useContext(DialogContext);

/** An info dialog ('Notice', 'Error') with one OK button. */
export function useAlertDialog() {
  const open = useContext(DialogContext);
  return (title: string, message: ReactNode) => open({ title, message, infoOnly: true }).then(() => undefined);
}
