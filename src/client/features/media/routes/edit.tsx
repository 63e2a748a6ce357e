// Edit Media (spec section 2): name and description (200 each), an image's alt text, tags, Save
// Changes, Delete Item; the messages of section 8 and the unsaved-changes prompt.
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { FieldError, fieldErrorId } from '../../../components/field-error';
import { Spinner } from '../../../components/spinner';
import { TagSelector } from '../../../components/tag-selector';
import { ApiError } from '../../../lib/api';
import { TEXT_LIMITS } from '../../../../shared/limits';
import { MEDIA_ALT_TEXT_MAX, mediaFormSchema, type MediaEditInput, type MediaForm, type MediaItem } from '../../../../shared/schemas/media';
import { useDeleteMedia } from '../api/delete-media';
import { useEditMedia } from '../api/edit-media';
import { useAllTags } from '../../../lib/tags';
import { useMediaItem } from '../api/get-media-item';
import { MediaNotice } from '../components/media-notice';
import { CaptionsField } from '../components/captions-field';
import { LicenceSelect } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import { useTranslation } from 'react-i18next';

function EditForm({ media }: { media: MediaItem }) {
  const { t } = useTranslation('media');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const alert = useAlertDialog();
  const tags = useAllTags();
  const edit = useEditMedia();
  const del = useDeleteMedia();
  const leaving = useRef(false);
  const tx = useExchangeT();
  const [licence, setLicence] = useState(media.licence);
  const formValues = (m: MediaItem): MediaForm => ({ name: m.name, description: m.description ?? '', alt_text: m.alt_text ?? '', tags: m.tags.map((t) => t.id) });
  const initial = formValues(media);
  const { register, handleSubmit, control, reset, watch, formState: { errors, isDirty } } = useForm<MediaForm>({
    resolver: valibotResolver(mediaFormSchema),
    defaultValues: initial,
  });

  // Leaving with unsaved changes asks first (spec section 2 "Edit Scenario", same for media).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ title: t('edit.unsavedTitle'), message: t('edit.unsavedMessage'), confirmLabel: t('edit.leave') }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm, t]);
  useEffect(() => {
    if (!isDirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [isDirty]);

  const save = handleSubmit((values) =>
    edit.mutate(
      { id: media.id, name: values.name.trim(), description: values.description.trim(), ...(media.is_video ? {} : { alt_text: values.alt_text.trim() }), tags: values.tags, ...(licence !== media.licence ? { licence: licence as MediaItem['licence'] & MediaEditInput['licence'] } : {}) },
      {
        onSuccess: (r) => {
          reset(formValues(r.media));
          void alert('Updated!', 'Your media has been updated.');
        },
        onError: () => {
          // The unsaved flag clears on error too (spec section 4 "Edit forms").
          reset(values);
          void alert('Error', 'Whoops! We had some trouble updating your media.');
        },
      },
    ),
  );

  const remove = async () => {
    if (!(await confirm({ title: t('edit.deleteItem'), message: t('edit.deleteConfirm', { name: media.name }), confirmLabel: t('edit.delete'), danger: true }))) return;
    del.mutate(media.id, {
      onSuccess: async () => {
        leaving.current = true;
        await alert('Deleted!', 'Media deleted.');
        navigate('/me/media', { replace: true });
      },
      onError: (err) => void alert('Error', err.message),
    });
  };

  const nameLength = watch('name')?.length ?? 0;
  const descriptionLength = watch('description')?.length ?? 0;
  return (
    <form className="card media-edit-form" onSubmit={save} noValidate>
      <MediaNotice media={media} />
      <label htmlFor="media-name">{t('edit.name')}</label>
      <input id="media-name" maxLength={TEXT_LIMITS.mediaName} aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? fieldErrorId('media-name') : undefined} {...register('name')} />
      <p className="help">{nameLength}/{TEXT_LIMITS.mediaName}</p>
      {errors.name && <FieldError field="media-name">{errors.name.message}</FieldError>}
      <label htmlFor="media-description">{t('edit.description')}</label>
      <textarea id="media-description" rows={4} maxLength={TEXT_LIMITS.mediaDescription} aria-invalid={Boolean(errors.description)} aria-describedby={errors.description ? fieldErrorId('media-description') : undefined} {...register('description')} />
      <p className="help">{descriptionLength}/{TEXT_LIMITS.mediaDescription}</p>
      {errors.description && <FieldError field="media-description">{errors.description.message}</FieldError>}
      {!media.is_video && (
        <>
          <label htmlFor="media-alt-text">{t('edit.altText')}</label>
          <textarea
            id="media-alt-text"
            rows={2}
            maxLength={MEDIA_ALT_TEXT_MAX}
            aria-describedby={errors.alt_text ? `media-alt-text-help ${fieldErrorId('media-alt-text')}` : 'media-alt-text-help'}
            aria-invalid={Boolean(errors.alt_text)}
            {...register('alt_text')}
          />
          <p className="help" id="media-alt-text-help">{t('edit.whatTheImageShows')}</p>
          {errors.alt_text && <FieldError field="media-alt-text">{errors.alt_text.message}</FieldError>}
        </>
      )}
      {media.is_video && <CaptionsField mediaId={media.id} name={media.name} hasCaptions={Boolean(media.signed_captions_url)} />}
      <LicenceSelect label={tx('licence')} value={licence} onChange={setLicence} />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => <TagSelector tags={tags.data ?? []} selected={field.value} onChange={field.onChange} />}
      />
      <div className="actions media-edit-actions">
        <button type="submit" className="btn primary" disabled={edit.isPending}>{t('edit.saveChanges')}</button>
        <button type="button" className="btn danger" disabled={del.isPending} onClick={() => void remove()}>{t('edit.deleteItem')}</button>
      </div>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation('media');
  const { uuidId = '' } = useParams();
  const { data, isPending, error } = useMediaItem(uuidId);
  if (isPending) return <Spinner />;
  if (error) {
    return error instanceof ApiError && error.status === 404 ? (
      <EmptyState title={t('edit.resourceNotFound')}><Link to="/me/media">{t('edit.backToMyMedia')}</Link></EmptyState>
    ) : (
      <div className="alert error" role="alert">{error.message}</div>
    );
  }
  return (
    <section className="media-edit">
      <nav aria-label={t('edit.breadcrumb')} className="breadcrumb">
        <Link to="/me/media">{t('edit.myMedia')}</Link> <span aria-hidden="true">/</span> <Link to={`/media/${data.uuid_id}`}>{data.name}</Link>
      </nav>
      <h1>{t('edit.editMedia')}</h1>
      <EditForm key={data.id} media={data} />
    </section>
  );
}
