// Short success/error messages ('Post created!', 'Media approved'...), announced to screen readers.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { translateMessage } from '../i18n/messages';

interface Toast {
  id: number;
  text: string;
  kind: 'success' | 'error';
}
type Show = (text: string, kind?: Toast['kind']) => void;
const ToastContext = createContext<Show>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback<Show>((text, kind = 'success') => {
    const id = Date.now() + Math.random();
    // A message shared with the server (written in English) shows in the app's language.
    setToasts((t) => [...t, { id, text: translateMessage(text), kind }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), 5000);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Two live regions, always in the page: confirmations are polite, errors assertive (an empty
          region carries no alert role, so only a shown error is an alert to find). */}
      <div className="toasts">
        <div role="status" aria-live="polite" data-testid="toasts">
          {toasts.filter((t) => t.kind === 'success').map((t) => (
            <div key={t.id} className={`toast ${t.kind}`}>{t.text}</div>
          ))}
        </div>
        <div aria-live="assertive" data-testid="error-toasts">
          {toasts.filter((t) => t.kind === 'error').map((t) => (
            <div key={t.id} className={`toast ${t.kind}`}>{t.text}</div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
