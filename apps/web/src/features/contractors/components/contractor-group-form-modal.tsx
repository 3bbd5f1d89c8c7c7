import { Alert, Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractorGroupInput, type ContractorGroup } from '@heliotrack/domain/contractors';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useCreateContractorGroup } from '../api/create-contractor-group';
import { useContractors } from '../api/get-contractors';
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
  const contractors = useContractors();
  const create = useCreateContractorGroup();
  const update = useUpdateContractorGroup();

  function onError(error: unknown) {
    setErrors(formErrorsOf(error));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
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
    <Modal
      opened
      onClose={onClose}
      title={group ? t('contractors.groups.edit') : t('contractors.groups.create')}
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
