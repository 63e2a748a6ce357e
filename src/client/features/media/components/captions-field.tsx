// A video's captions: choose a WebVTT file (.vtt) and it is sent at once; says whether the video
// has captions and lets the owner remove them. Used on Edit Media and in the upload table.
import { useId, useState } from 'react';
import { FieldError, fieldErrorId } from '../../../components/field-error';
import { readCaptionFile, useRemoveCaptions, useSetCaptions } from '../api/captions';
import { useTranslation } from 'react-i18next';

export function CaptionsField({ mediaId, name, hasCaptions: initial }: { mediaId: number | string; name: string; hasCaptions: boolean }) {
  const { t } = useTranslation('media');
  const id = useId();
  const inputId = `captions-${id}`;
  const set = useSetCaptions();
  const remove = useRemoveCaptions();
  const [hasCaptions, setHasCaptions] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStatus('');
    const read = await readCaptionFile(file);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    set.mutate(
      { id: mediaId, vtt: read.vtt },
      {
        onSuccess: (m) => {
          setHasCaptions(Boolean(m.signed_captions_url));
          setStatus(t('captionsField.added', { name }));
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <div className="captions-field">
      <label htmlFor={inputId}>{t('captionsField.captionsForWebvttFile', { name })}</label>
      <input
        id={inputId}
        type="file"
        accept=".vtt,text/vtt"
        disabled={set.isPending}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${inputId}-help ${fieldErrorId(inputId)}` : `${inputId}-help`}
        onChange={(e) => {
          void choose(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      <p className="help" id={`${inputId}-help`}>
        {hasCaptions ? t('captionsField.hasCaptions') : t('captionsField.noCaptions')}
      </p>
      {hasCaptions && (
        <button
          type="button"
          className="btn small"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(mediaId, {
              onSuccess: () => {
                setHasCaptions(false);
                setStatus(t('captionsField.removed', { name }));
              },
              onError: (err) => setError(err.message),
            })
          }
        >
          {t('captionsField.removeCaptions')}
        </button>
      )}
      <p className="help captions-status" role="status">{status}</p>
      {error && <FieldError field={inputId}>{error}</FieldError>}
    </div>
  );
}
