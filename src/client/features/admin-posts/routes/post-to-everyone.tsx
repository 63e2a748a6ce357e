// Admin: Post to everyone (/admin/post): a post with no group that every user is notified of.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { postFormSchema, type PostForm, type PostFormValues } from '../../../../shared/schemas/posts';
import { TagSelector } from '../../../components/tag-selector';
import { useToast } from '../../../components/toast';
import { useAllTags } from '../../../lib/tags';
import { usePostToEveryone } from '../api/post-to-everyone';
import { FieldError, fieldErrorId } from '../../../components/field-error';

export function Component() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const send = usePostToEveryone();
  const { data: allTags = [] } = useAllTags();
  const [tags, setTags] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, watch, reset, formState } = useForm<PostForm, unknown, PostFormValues>({ resolver: valibotResolver(postFormSchema), defaultValues: { title: '', text: '' } });
  const title = watch('title') ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await send.mutateAsync({ title: values.title, text: values.text, tags });
      toast(t('everyone.created'));
      reset({ title: '', text: '' });
      setTags([]);
    } catch (err) {
      setError((err as Error).message);
    }
  });

  return (
    <section className="card post-everyone">
      <h1>{t('everyone.title')}</h1>
      <p className="muted">{t('everyone.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor="everyone-title">{t('everyone.titleLabel')}</label>
        <input id="everyone-title" maxLength={200} aria-invalid={formState.errors.title ? 'true' : undefined} aria-describedby={formState.errors.title ? fieldErrorId('everyone-title') : undefined} {...register('title')} />
        {formState.errors.title && <FieldError field="everyone-title">{formState.errors.title.message}</FieldError>}
        <label htmlFor="everyone-text">{t('everyone.message')}</label>
        <textarea id="everyone-text" rows={5} {...register('text')} />
        <TagSelector tags={allTags} selected={tags} onChange={setTags} help={t('everyone.tagsHelp')} />
        {error && <div className="alert error" role="alert"><strong>{t('everyone.errorPosting')}</strong> {error}</div>}
        <button type="submit" className="btn primary" disabled={!title.trim() || send.isPending}>{send.isPending ? t('everyone.posting') : t('everyone.submit')}</button>
      </form>
    </section>
  );
}
