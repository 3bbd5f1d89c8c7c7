import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { ContractorInput } from '@heliotrack/domain/contractors';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useCreateContractor } from '../api/create-contractor';
import { useUpdateContractor } from '../api/update-contractor';

type FormValues = Record<'name' | 'address' | 'contact_name' | 'contact_email', string>;

/** Create (no contractor) or edit a contractor; validated with the domain's ContractorInput. */
export function ContractorFormModal({
  contractor,
  onClose,
}: {
  contractor?: Contractor;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>({
    name: contractor?.name ?? '',
    address: contractor?.address ?? '',
    contact_name: contractor?.contact_name ?? '',
    contact_email: contractor?.contact_email ?? '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateContractor();
  const update = useUpdateContractor();

  function set(key: keyof FormValues, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onError(error: unknown) {
    setErrors(formErrorsOf(error));
  }

  function onSubmit() {
    const result = validateForm(ContractorInput, values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    const onSuccess = (saved: Contractor) => {
      notifySuccess(
        contractor
          ? t('contractors.updated', { name: saved.name })
          : t('contractors.created', { name: saved.name }),
      );
      onClose();
    };
    if (contractor) update.mutate({ contractorId: contractor.id, body: result.data }, { onSuccess, onError });
    else create.mutate(result.data, { onSuccess, onError });
  }

  return (
    <FormModal
      title={contractor ? t('contractors.edit') : t('contractors.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={create.isPending || update.isPending}
    >
      <TextInput
        label={t('contractors.form.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
      />
      <TextInput
        label={t('contractors.form.address')}
        value={values.address}
        onChange={(event) => set('address', event.currentTarget.value)}
        error={errors.address}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('contractors.form.contactName')}
          value={values.contact_name}
          onChange={(event) => set('contact_name', event.currentTarget.value)}
          error={errors.contact_name}
        />
        <TextInput
          label={t('contractors.form.contactEmail')}
          type="email"
          value={values.contact_email}
          onChange={(event) => set('contact_email', event.currentTarget.value)}
          error={errors.contact_email}
        />
      </SimpleGrid>
    </FormModal>
  );
}
