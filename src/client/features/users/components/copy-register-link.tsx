// The organisation's register link with a Copy button; the text goes back to 'Copy' after 5 seconds.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Falls back below (no permission, or not a secure context).
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyRegisterLink({ code }: { code: string }) {
  const { t } = useTranslation('users');
  const link = `${window.location.origin}/register?orgcode=${encodeURIComponent(code)}`;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 5000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="copy-link">
      <label htmlFor="register-link">{t('registerLink.label')}</label>
      <div className="inline-control">
        <input id="register-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn" onClick={() => void copyText(link).then(() => setCopied(true))}>
          {copied ? t('registerLink.copied') : t('registerLink.copy')}
        </button>
      </div>
    </div>
  );
}
