import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { ContractorInput } from '@heliotrack/domain/contractors';
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
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
    <Modal
      opened
      onClose={onClose}
      title={contractor ? t('contractors.edit') : t('contractors.create')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {errors._general && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors._general}
            </Alert>
          )}
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
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
