// The group settings form (Create Group and the Update details tab, spec sections 2 and 5): name
// (trimmed, non-empty, flagged on the field), optional description, membership and posts radios.
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, groupFormSchema, type GroupForm, type GroupFormValues } from '../../../../shared/schemas/groups';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

export interface GroupSettings {
  name: string;
  description: string;
  membershipType: 0 | 1;
  postingType: 'allowAll' | 'requireModeration';
}

export function GroupForm({
  initial,
  submitLabel,
  submitting,
  error,
  onSubmit,
  extraActions,
}: {
  initial: GroupSettings;
  submitLabel: string;
  submitting: boolean;
  error?: string | null;
  onSubmit: (values: GroupSettings) => void;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation('groups');
  const { register, handleSubmit, formState: { errors } } = useForm<GroupForm, unknown, GroupFormValues>({
    resolver: valibotResolver(groupFormSchema),
    defaultValues: { name: initial.name, description: initial.description, membershipType: String(initial.membershipType) as '0' | '1', postingType: initial.postingType },
  });
  const submit = handleSubmit((v) => onSubmit({ name: v.name, description: v.description.trim(), membershipType: v.membershipType === '1' ? 1 : 0, postingType: v.postingType }));
  return (
    <form onSubmit={submit} noValidate className="group-form">
      <label htmlFor="group-name">{t('groupForm.name')}</label>
      <input id="group-name" maxLength={GROUP_NAME_MAX} aria-invalid={errors.name ? 'true' : undefined} aria-describedby={errors.name ? 'group-name-error' : undefined} {...register('name')} />
      {errors.name && <p className="field-error" id="group-name-error">{translateMessage(errors.name.message)}</p>}
      <label htmlFor="group-description">{t('groupForm.description')}{' '}<span className="muted">{t('groupForm.optional')}</span></label>
      <textarea id="group-description" rows={4} maxLength={GROUP_DESCRIPTION_MAX} {...register('description')} />
      {errors.description && <p className="field-error">{translateMessage(errors.description.message)}</p>}
      <fieldset className="radio-group">
        <legend>{t('groupForm.membership')}</legend>
        <label className="radio-option"><input type="radio" value="0" {...register('membershipType')} />{' '}{t('groupForm.public')}{' '}<span className="muted">{t('groupForm.anyoneCanJoin')}</span></label>
        <label className="radio-option"><input type="radio" value="1" {...register('membershipType')} />{' '}{t('groupForm.inviteOnly')}{' '}<span className="muted">{t('groupForm.peopleJoinByInvite')}</span></label>
      </fieldset>
      <fieldset className="radio-group">
        <legend>{t('groupForm.posts')}</legend>
        <label className="radio-option"><input type="radio" value="allowAll" {...register('postingType')} />{' '}{t('groupForm.allowAll')}{' '}<span className="muted">{t('groupForm.postsAppearAtOnce')}</span></label>
        <label className="radio-option"><input type="radio" value="requireModeration" {...register('postingType')} />{' '}{t('groupForm.requireModeration')}{' '}<span className="muted">{t('groupForm.aModeratorApprovesEach')}</span></label>
      </fieldset>
      {error && <p className="alert error" role="alert">{error}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={submitting}>{submitting ? t('groupForm.saving') : submitLabel}</button>
        {extraActions}
      </div>
    </form>
  );
}
