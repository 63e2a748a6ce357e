// /scenario/:uuidId/edit (scenario-edit): description (max 200), Patient Age Class, Patient Condition,
// tags, Save Changes; Delete Scenario for the contributor; 'Leave without saving changes?' on leaving
// with unsaved changes (the flag is set on change and cleared on save or error, spec section 4).
import { useEffect, useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { DESCRIPTION_TOO_LONG, editScenarioFormSchema, type EditScenarioForm, type Scenario } from '../../../../shared/schemas/scenarios';
import { TEXT_LIMITS } from '../../../../shared/limits';
import { TagSelector } from '../../../components/tag-selector';
import { Spinner } from '../../../components/spinner';
import { EmptyState } from '../../../components/empty-state';
import { useAlertDialog, useConfirm } from '../../../components/confirm';
import { ApiError } from '../../../lib/api';
import { useMe } from '../../../lib/current-user';
import { useScenario } from '../api/get-scenario';
import { useAllTags } from '../../../lib/tags';
import { useEditScenario } from '../api/edit-scenario';
import { useDeleteScenario } from '../api/delete-scenario';
import { LicenceSelect } from '../../../components/exchange';
import { useExchangeT } from '../../../i18n/exchange';
import { translateMessage } from '../../../i18n/messages';

const toForm = (s: Scenario): EditScenarioForm => ({
  description: s.description,
  patient_age: s.patient_age == null ? '' : String(s.patient_age),
  patient_condition: s.patient_condition == null ? '' : String(s.patient_condition),
  tags: s.tags.map((t) => t.id),
});

function EditForm({ scenario }: { scenario: Scenario }) {
  const { data: me } = useMe();
  const tags = useAllTags();
  const edit = useEditScenario();
  const del = useDeleteScenario();
  const alert = useAlertDialog();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [unsaved, setUnsaved] = useState(false);
  const t = useExchangeT();
  const { t: ts } = useTranslation('scenarios');
  const [licence, setLicence] = useState(scenario.licence);
  const { register, handleSubmit, control, reset, watch, formState: { errors } } = useForm<EditScenarioForm>({
    resolver: valibotResolver(editScenarioFormSchema),
    defaultValues: toForm(scenario),
  });

  useEffect(() => {
    const sub = watch((_v, { type }) => {
      if (type === 'change') setUnsaved(true);
    });
    return () => sub.unsubscribe();
  }, [watch]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ title: ts('edit.unsavedTitle'), message: ts('edit.unsavedText'), confirmLabel: ts('edit.leave'), cancelLabel: ts('edit.stay') }).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker, confirm, ts]);
  useEffect(() => {
    if (!unsaved) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [unsaved]);

  const onSubmit = handleSubmit((values) => {
    edit.mutate(
      {
        id: scenario.id,
        body: {
          description: values.description,
          patient_age: values.patient_age === '' ? null : Number(values.patient_age),
          patient_condition: values.patient_condition === '' ? null : Number(values.patient_condition),
          tags: values.tags,
          ...(licence !== scenario.licence ? { licence } : {}),
        },
      },
      {
        onSuccess: (updated) => {
          setUnsaved(false);
          reset(toForm(updated));
          void alert(ts('view.updatedTitle'), ts('view.updatedText'));
        },
        onError: (err) => {
          setUnsaved(false);
          void alert(ts('view.errorTitle'), err instanceof ApiError && err.status === 422 ? err.message : ts('view.updateFailed'));
        },
      },
    );
  });

  const onDelete = async () => {
    const ok = await confirm({ title: ts('edit.delete'), message: ts('edit.deleteText', { name: scenario.name }), confirmLabel: ts('edit.delete'), danger: true });
    if (!ok) return;
    del.mutate(scenario.id, {
      onSuccess: async () => {
        setUnsaved(false);
        await alert(ts('edit.deletedTitle'), ts('edit.deletedText'));
        navigate('/me/scenarios', { replace: true });
      },
      onError: (err) => void alert(ts('view.errorTitle'), err instanceof ApiError ? err.message : ts('actions.invalidResponse')),
    });
  };

  const description = watch('description') ?? '';
  const descriptionError = errors.description?.message;
  return (
    <form className="card" onSubmit={onSubmit} noValidate>
      <h1>{ts('edit.title')}</h1>
      <p className="muted">{scenario.name}</p>
      <label htmlFor="edit-description">{ts('edit.description')}</label>
      <textarea id="edit-description" rows={4} maxLength={TEXT_LIMITS.scenarioDescription} aria-invalid={Boolean(errors.description)} {...register('description')} />
      <p className="help">{description.length}/{TEXT_LIMITS.scenarioDescription}</p>
      {descriptionError && (
        <p className="field-error">
          {descriptionError === DESCRIPTION_TOO_LONG ? ts('edit.descriptionTooLong', { max: TEXT_LIMITS.scenarioDescription }) : translateMessage(descriptionError)}
        </p>
      )}
      <div className="row">
        <div>
          <label htmlFor="edit-age">{ts('edit.ageClass')}</label>
          <select id="edit-age" {...register('patient_age')}>
            <option value="">{ts('edit.select')}</option>
            <option value="0">{ts('patientAge.0')}</option>
            <option value="1">{ts('patientAge.1')}</option>
            <option value="2">{ts('patientAge.2')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="edit-condition">{ts('edit.condition')}</label>
          <select id="edit-condition" {...register('patient_condition')}>
            <option value="">{ts('edit.select')}</option>
            <option value="0">{ts('patientCondition.0')}</option>
            <option value="1">{ts('patientCondition.1')}</option>
            <option value="2">{ts('patientCondition.2')}</option>
          </select>
        </div>
      </div>
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagSelector
            tags={tags.data ?? []}
            selected={field.value}
            onChange={(ids) => {
              field.onChange(ids);
              setUnsaved(true);
            }}
            label={ts('tags')}
          />
        )}
      />
      {/* A copy keeps the licence of the work it is based on. */}
      <LicenceSelect
        label={t('licence')}
        value={licence}
        disabled={Boolean(scenario.based_on)}
        help={scenario.based_on ? t('copyKeepsLicence') : undefined}
        onChange={(l) => { setLicence(l); setUnsaved(true); }}
      />
      <div className="actions">
        <button type="submit" className="btn primary" disabled={edit.isPending}>{ts('edit.save')}</button>
        <Link className="btn" to={`/scenario/${scenario.uuid_id}`}>{ts('backToScenario')}</Link>
        {me?.id === scenario.contributed_by.id && (
          <button type="button" className="btn danger" onClick={onDelete} disabled={del.isPending}>{ts('edit.delete')}</button>
        )}
      </div>
    </form>
  );
}

export function Component() {
  const { uuidId = '' } = useParams();
  const { data, isLoading, error } = useScenario(uuidId);
  const { data: me } = useMe();
  const t = useExchangeT();
  const { t: ts } = useTranslation('scenarios');
  if (isLoading) return <Spinner label={ts('view.loading')} />;
  if (error || !data) return <EmptyState title={ts('notFound')}><Link to="/scenarios">{ts('backToScenarios')}</Link></EmptyState>;
  if (me && me.id !== data.contributed_by.id) {
    return <EmptyState title={ts('edit.onlyContributor')}><Link to={`/scenario/${data.uuid_id}`}>{ts('backToScenario')}</Link></EmptyState>;
  }
  if (!data.is_adaptable) return <EmptyState title={t('noAdaptation')}><Link to={`/scenario/${data.uuid_id}`}>{ts('backToScenario')}</Link></EmptyState>;
  if (!data.is_processed) return <div className="alert info">{ts('processingMessage')}</div>;
  return <EditForm key={data.id} scenario={data} />;
}
