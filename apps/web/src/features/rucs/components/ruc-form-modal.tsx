import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RucInput, type Ruc } from '@heliotrack/domain/rucs';
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
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
    <Modal
      opened
      onClose={onClose}
      title={ruc ? t('rucs.edit') : t('rucs.create')}
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
