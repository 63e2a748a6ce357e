// The group settings form (Create Group and the Update details tab, spec sections 2 and 5): name
// (trimmed, non-empty, flagged on the field), optional description, membership and posts radios.
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, groupFormSchema, type GroupForm, type GroupFormValues } from '../../../../shared/schemas/groups';

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
  const { register, handleSubmit, formState: { errors } } = useForm<GroupForm, unknown, GroupFormValues>({
    resolver: valibotResolver(groupFormSchema),
    defaultValues: { name: initial.name, description: initial.description, membershipType: String(initial.membershipType) as '0' | '1', postingType: initial.postingType },
  });
  const submit = handleSubmit((v) => onSubmit({ name: v.name, description: v.description.trim(), membershipType: v.membershipType === '1' ? 1 : 0, postingType: v.postingType }));
  return (
    <form onSubmit={submit} noValidate className="group-form">
      <label htmlFor="group-name">Name</label>
      <input id="group-name" maxLength={GROUP_NAME_MAX} aria-invalid={errors.name ? 'true' : undefined} aria-describedby={errors.name ? 'group-name-error' : undefined} {...register('name')} />
      {errors.name && <p className="field-error" id="group-name-error">{errors.name.message}</p>}
      <label htmlFor="group-description">Description <span className="muted">(optional)</span></label>
      <textarea id="group-description" rows={4} maxLength={GROUP_DESCRIPTION_MAX} {...register('description')} />
      {errors.description && <p className="field-error">{errors.description.message}</p>}
      <fieldset className="radio-group">
        <legend>Membership</legend>
        <label className="radio-option"><input type="radio" value="0" {...register('membershipType')} /> Public <span className="muted">anyone can join</span></label>
        <label className="radio-option"><input type="radio" value="1" {...register('membershipType')} /> Invite only <span className="muted">people join by invite or by asking</span></label>
      </fieldset>
      <fieldset className="radio-group">
        <legend>Posts</legend>
        <label className="radio-option"><input type="radio" value="allowAll" {...register('postingType')} /> Allow all <span className="muted">posts appear at once</span></label>
        <label className="radio-option"><input type="radio" value="requireModeration" {...register('postingType')} /> Require moderation <span className="muted">a moderator approves each post</span></label>
      </fieldset>
      {error && <p className="alert error" role="alert">{error}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={submitting}>{submitting ? 'Saving...' : submitLabel}</button>
        {extraActions}
      </div>
    </form>
  );
}
