// Asked for each media file as soon as it is uploaded: an image's alt text (what it shows, needed
// before it can be made public), a video's captions file.
import { useId, useState } from 'react';
import { FieldError, fieldErrorId } from '../../../components/field-error';
import { MEDIA_ALT_TEXT_MAX } from '../../../../shared/schemas/media';
import { MEDIA_VIDEO_EXTENSIONS } from '../../../../shared/limits';
import { useEditMedia } from '../api/edit-media';
import { CaptionsField } from './captions-field';
import { useTranslation } from 'react-i18next';

export const isVideoFile = (name: string) => (MEDIA_VIDEO_EXTENSIONS as readonly string[]).includes(name.slice(name.lastIndexOf('.')).toLowerCase());

function AltTextField({ uuid, name }: { uuid: string; name: string }) {
  const { t } = useTranslation('media');
  const id = `upload-alt-${useId()}`;
  const edit = useEditMedia();
  const [value, setValue] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    setStatus('');
    const alt = value.trim();
    if (!alt) {
      setError(t('uploadedMediaAccess.describe'));
      return;
    }
    edit.mutate({ id: uuid, alt_text: alt }, { onSuccess: () => setStatus(t('uploadedMediaAccess.saved', { name })), onError: (err) => setError(err.message) });
  };
  return (
    <form
      className="upload-alt-text"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <label htmlFor={id}>{t('uploadedMediaAccess.altTextFor', { name })}</label>
      <div className="row">
        <input
          id={id}
          value={value}
          maxLength={MEDIA_ALT_TEXT_MAX}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-help ${fieldErrorId(id)}` : `${id}-help`}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn small" disabled={edit.isPending}>{t('uploadedMediaAccess.saveAltText')}</button>
      </div>
      <p className="help" id={`${id}-help`}>{t('uploadedMediaAccess.whatTheImageShows')}</p>
      <p className="help" role="status">{status}</p>
      {error && <FieldError field={id}>{error}</FieldError>}
    </form>
  );
}

export function UploadedMediaAccess({ uuid, name }: { uuid: string; name: string }) {
  return isVideoFile(name) ? <CaptionsField mediaId={uuid} name={name} hasCaptions={false} /> : <AltTextField uuid={uuid} name={name} />;
}
