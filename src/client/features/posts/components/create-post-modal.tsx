// The create-post modal (spec section 2): pages create / attach existing / upload new ('none' is
// closed); closing unmounts it, which resets every field. Post types post, scenario and media.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/conversation';
import { MentionTextarea } from './mention-textarea';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Modal } from '../../../components/modal';
import { TagSelector } from '../../../components/tag-selector';
import { useToast } from '../../../components/toast';
import { MEDIA_IMAGE_EXTENSIONS, MEDIA_VIDEO_EXTENSIONS, SCENARIO_EXTENSIONS } from '../../../../shared/limits';
import { postFormSchema, type PostForm, type PostFormValues, type PostType, type UploadErrorRow } from '../../../../shared/schemas/posts';
import { useCreatePost, type PostTarget } from '../api/create-post';
import type { Attachable } from '../api/get-attachables';
import { useAllTags } from '../../../lib/tags';
import { AttachPicker } from './attach-picker';
import { FieldError, fieldErrorId } from '../../../components/field-error';

export type ModalPage = 'none' | 'create' | 'attach' | 'upload';


/** The type picker's labels: keys of the 'feed' catalogue. */
const TYPE_LABELS: Record<PostType, 'Post' | 'Scenario' | 'Media'> = { post: 'Post', scenario: 'Scenario', media: 'Media' };

/** `target` posts into a forum group; without it the post goes to the feed. */
export function CreatePostModal({ initialType = 'post', onClose, target }: { initialType?: PostType; onClose: () => void; target?: PostTarget }) {
  const toast = useToast();
  const { data: allTags = [] } = useAllTags();
  const create = useCreatePost(target);
  const [page, setPage] = useState<Exclude<ModalPage, 'none'>>('create');
  const [type, setType] = useState<PostType>(initialType);
  const [tags, setTags] = useState<number[]>([]);
  const [attached, setAttached] = useState<{ scenario: Attachable[]; media: Attachable[] }>({ scenario: [], media: [] });
  const [files, setFiles] = useState<{ scenario: File[]; media: File[] }>({ scenario: [], media: [] });
  const [uploadErrors, setUploadErrors] = useState<UploadErrorRow[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation(NS);
  const { t: tf } = useTranslation('feed');
  const { register, control, handleSubmit, watch, reset, formState } = useForm<PostForm, unknown, PostFormValues>({
    resolver: valibotResolver(postFormSchema),
    defaultValues: { title: '', text: '' },
  });
  const title = watch('title') ?? '';
  const kind = type === 'post' ? null : type;
  const submitting = create.isPending;

  const pick = (item: Attachable) => {
    if (!kind) return;
    // Attaching an item that is already attached returns to Create without duplicating it.
    setAttached((a) => (a[kind].some((x) => x.id === item.id) ? a : { ...a, [kind]: [...a[kind], item] }));
    setPage('create');
  };
  const addFiles = (list: FileList | null) => {
    if (!kind || !list) return;
    const chosen = Array.from(list);
    setFiles((f) => ({ ...f, [kind]: [...f[kind], ...chosen.filter((c) => !f[kind].some((x) => x.name === c.name && x.size === c.size))] }));
    setPage('create');
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setUploadErrors([]);
    try {
      const result = await create.mutateAsync({
        title: values.title,
        text: values.text,
        type,
        tags,
        scenarios: kind === 'scenario' ? attached.scenario.map((s) => s.id) : [],
        media: kind === 'media' ? attached.media.map((m) => m.id) : [],
        scenariosToUpload: kind === 'scenario' ? files.scenario : [],
        mediaToUpload: kind === 'media' ? files.media : [],
      });
      if (result.status === 'queued') {
        // Kept on the device either way; the feed shows it as pending until it is sent.
        toast(tf(result.reason === 'slow' ? 'queuedSlow' : result.reason === 'retry' ? 'queuedRetry' : 'queuedOffline'));
        onClose();
        return;
      }
      toast(tf('postCreated'));
      if (result.post.errors?.length) {
        // The post exists; show which files failed and clear the form.
        setUploadErrors(result.post.errors);
        reset({ title: '', text: '' });
        setTags([]);
        setAttached({ scenario: [], media: [] });
        setFiles({ scenario: [], media: [] });
        return;
      }
      onClose();
    } catch (err) {
      setServerError((err as Error).message || tf('invalidResponse'));
    }
  });

  const fromLibrary = tf(kind === 'scenario' ? 'scenarioFromLibrary' : 'mediaFromLibrary');
  const modalTitle = page === 'attach' ? fromLibrary : page === 'upload' ? tf('uploadNew') : tf('createPost');
  const extensions = kind === 'scenario' ? [...SCENARIO_EXTENSIONS] : [...MEDIA_IMAGE_EXTENSIONS, ...MEDIA_VIDEO_EXTENSIONS];

  return (
    <Modal title={modalTitle} onClose={onClose}>
      {page === 'attach' && kind && (
        <>
          <AttachPicker kind={kind} scope={target ? 'group' : 'feed'} onPick={pick} onUploadNew={() => setPage('upload')} />
          <div className="actions"><button type="button" className="btn" onClick={() => setPage('create')}>{tf('back')}</button></div>
        </>
      )}
      {page === 'upload' && kind && (
        <div className="upload-new">
          <label htmlFor="post-upload-files">{tf(kind === 'scenario' ? 'chooseScenarioFiles' : 'chooseMediaFiles')}</label>
          <input id="post-upload-files" type="file" multiple accept={extensions.join(',')} onChange={(e) => addFiles(e.target.files)} />
          <p className="help">{tf('accepted', { extensions: extensions.join(', ') })}</p>
          <div className="actions"><button type="button" className="btn" onClick={() => setPage('create')}>{tf('back')}</button></div>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate hidden={page !== 'create'} className="create-post-form">
        <fieldset className="post-types">
          <legend className="visually-hidden">{tf('postType')}</legend>
          {(Object.keys(TYPE_LABELS) as PostType[]).map((t) => (
            <label key={t} className={`post-type${type === t ? ' selected' : ''}`}>
              <input type="radio" name="post-type" value={t} checked={type === t} onChange={() => setType(t)} />
              {tf(TYPE_LABELS[t])}
            </label>
          ))}
        </fieldset>
        <label htmlFor="post-title">{tf('title')}</label>
        <input id="post-title" maxLength={200} aria-invalid={formState.errors.title ? 'true' : undefined} aria-describedby={formState.errors.title ? fieldErrorId('post-title') : undefined} {...register('title')} />
        {formState.errors.title && <FieldError field="post-title">{formState.errors.title.message}</FieldError>}
        <label htmlFor="post-text">{tf('message')}</label>
        <Controller
          control={control}
          name="text"
          render={({ field }) => (
            <MentionTextarea
              id="post-text"
              rows={4}
              name={field.name}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              scope={target ? { groupId: target.groupId } : null}
              aria-describedby="post-text-help"
            />
          )}
        />
        <p id="post-text-help" className="small muted">{t('mentionHelp')}</p>
        <TagSelector tags={allTags} selected={tags} onChange={setTags} help={tf('tagHelp')} />
        {kind && (
          <section className="attach-area" aria-label={tf('attachments')}>
            <p className="attach-label">{tf('attach')}</p>
            <div className="row attach-buttons">
              <button type="button" className="btn" onClick={() => setPage('attach')}>{fromLibrary}</button>
              <button type="button" className="btn" onClick={() => setPage('upload')}>{tf('uploadNew')}</button>
            </div>
            {attached[kind].length > 0 && (
              <ul className="attach-list" aria-label={tf('toAttach')}>
                {attached[kind].map((a) => (
                  <li key={a.id}>
                    <span>{a.name}</span>
                    <button type="button" className="btn link" aria-label={tf('removeItem', { name: a.name })} onClick={() => setAttached((x) => ({ ...x, [kind]: x[kind].filter((y) => y.id !== a.id) }))}>{tf('remove')}</button>
                  </li>
                ))}
              </ul>
            )}
            {files[kind].length > 0 && (
              <ul className="attach-list" aria-label={tf('toUpload')}>
                {files[kind].map((f) => (
                  <li key={`${f.name}-${f.size}`}>
                    <span>{f.name}</span>
                    <button type="button" className="btn link" aria-label={tf('removeItem', { name: f.name })} onClick={() => setFiles((x) => ({ ...x, [kind]: x[kind].filter((y) => y !== f) }))}>{tf('remove')}</button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {uploadErrors.length > 0 && (
          <div className="alert error upload-errors" role="alert">
            {uploadErrors.map((e, i) => (
              <div key={i}>{e.filename}: {e.message}</div>
            ))}
          </div>
        )}
        {serverError && (
          <div className="alert error" role="alert"><strong>{tf('errorPosting')}</strong> {serverError}</div>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>{tf('cancel')}</button>
          <button type="submit" className="btn primary" disabled={!title.trim() || submitting}>{submitting ? tf('posting') : tf('Post')}</button>
        </div>
      </form>
    </Modal>
  );
}
