import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RucInput, type Ruc } from '@heliotrack/domain/rucs';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useCreateRuc } from '../api/create-ruc';
import { useUpdateRuc } from '../api/update-ruc';

/** Create (no RUC) or rename a RUC of the plant. */
export function RucFormModal({ plantId, ruc, onClose }: { plantId: number; ruc?: Ruc; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(ruc?.name ?? '');
  const [description, setDescription] = useState(ruc?.description ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateRuc();
  const update = useUpdateRuc();

  function onError(error: unknown) {
    setErrors(formErrorsOf(error));
  }

  function onSubmit() {
    const result = validateForm(RucInput, { name, description });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    const onSuccess = (saved: Ruc) => {
      notifySuccess(ruc ? t('rucs.updated', { name: saved.name }) : t('rucs.created', { name: saved.name }));
      onClose();
    };
    if (ruc) update.mutate({ plantId, rucId: ruc.id, body: result.data }, { onSuccess, onError });
    else create.mutate({ plantId, body: result.data }, { onSuccess, onError });
  }

  return (
    <FormModal
      title={ruc ? t('rucs.edit') : t('rucs.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={create.isPending || update.isPending}
      size="md"
    >
      <TextInput
        label={t('rucs.form.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
      />
      <Textarea
        label={t('rucs.form.description')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={errors.description}
        autosize
        minRows={2}
      />
    </FormModal>
  );
}
