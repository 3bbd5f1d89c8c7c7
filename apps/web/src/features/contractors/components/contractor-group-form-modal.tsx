import { MultiSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractorGroupInput, type ContractorGroup } from '@heliotrack/domain/contractors';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useCreateContractorGroup } from '../api/create-contractor-group';
import { useClientContractors } from '../api/get-client-contractors';
import { useUpdateContractorGroup } from '../api/update-contractor-group';

/** Create (no group) or edit a contractor group: its name and its contractors. */
export function ContractorGroupFormModal({
  group,
  onClose,
}: {
  group?: ContractorGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<string[]>(group?.contractors.map(String) ?? []);
  const [errors, setErrors] = useState<FormErrors>({});
  const contractors = useClientContractors();
  const create = useCreateContractorGroup();
  const update = useUpdateContractorGroup();

  function onError(error: unknown) {
    setErrors(formErrorsOf(error));
  }

  function onSubmit() {
    const result = validateForm(ContractorGroupInput, { name, contractors: members.map(Number) });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    const onSuccess = (saved: ContractorGroup) => {
      notifySuccess(
        group
          ? t('contractors.groups.updated', { name: saved.name })
          : t('contractors.groups.created', { name: saved.name }),
      );
      onClose();
    };
    if (group) update.mutate({ groupId: group.id, body: result.data }, { onSuccess, onError });
    else create.mutate(result.data, { onSuccess, onError });
  }

  return (
    <FormModal
      title={group ? t('contractors.groups.edit') : t('contractors.groups.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={create.isPending || update.isPending}
    >
      <TextInput
        label={t('contractors.groups.form.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
        data-autofocus
      />
      <MultiSelect
        label={t('contractors.groups.form.contractors')}
        placeholder={members.length ? undefined : t('contractors.groups.form.contractorsPlaceholder')}
        data={(contractors.data ?? []).map((contractor) => ({
          value: String(contractor.id),
          label: contractor.name,
        }))}
        value={members}
        onChange={setMembers}
        error={errors.contractors}
        disabled={contractors.isLoading}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('contractors.nothingFound')}
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
