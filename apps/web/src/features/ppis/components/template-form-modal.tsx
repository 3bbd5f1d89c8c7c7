import { ActionIcon, Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_CRITERIA_MAX, ACTIVITY_NAME_MAX, TemplateInput, type Template } from '@heliotrack/domain/ppis';
import type { RoleCode } from '@heliotrack/domain/roles';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { issuesToFieldErrors } from '@heliotrack/domain/validation';
import { getLanguage } from '../../../lib/i18n';
import { formErrorsOf, type FormErrors } from '../../../lib/validate-form';
import { useCreateTemplate, useUpdateTemplate } from '../api/save-template';
import { useRoleOptions } from './role-label';
import { TemplateScopeFields } from './template-scope-fields';

interface ActivityRow {
  key: number;
  name: string;
  criteria: string;
  is_required: boolean;
  roles: RoleCode[];
}

let nextKey = 1;
const emptyActivity = (): ActivityRow => ({ key: nextKey++, name: '', criteria: '', is_required: true, roles: [] });

/**
 * Create (no template) or edit a template: name, element type, plant (none: every plant of the
 * organisation) and its activities in order, each with its acceptance criteria, whether it is
 * required and the roles that check it. Moving an activity up or down changes its order.
 */
export function TemplateFormModal({ template, onClose }: { template?: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const [name, setName] = useState(template?.name ?? '');
  const [typeId, setTypeId] = useState<number | null>(template?.element_type.id ?? null);
  const [plantId, setPlantId] = useState<number | null>(template?.plant ?? null);
  const [activities, setActivities] = useState<ActivityRow[]>(
    () => template?.activities.map((a) => ({ key: nextKey++, name: a.name, criteria: a.criteria, is_required: a.is_required, roles: a.roles as RoleCode[] })) ?? [emptyActivity()],
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateTemplate();
  const update = useUpdateTemplate();

  function set(key: number, patch: Partial<ActivityRow>) {
    setActivities((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }
  function move(index: number, by: -1 | 1) {
    setActivities((rows) => {
      const next = [...rows];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row);
      return next;
    });
  }

  function onSubmit() {
    const values = { name, element_type: typeId ?? undefined, plant: plantId, activities: activities.map(({ key: _key, ...a }) => a) };
    const result = TemplateInput.safeParse(values);
    if (!result.success) {
      // Activity errors stay per activity and field (activities.2.name), the others per field.
      const fieldErrors: FormErrors = {};
      for (const [field, messages] of Object.entries(issuesToFieldErrors(result.error.issues, getLanguage()))) fieldErrors[field] = messages.join(' ');
      return setErrors(fieldErrors);
    }
    setErrors({});
    const onSuccess = (saved: Template) => {
      notifySuccess(template ? t('ppis.templates.updated', { name: saved.name }) : t('ppis.templates.created', { name: saved.name }));
      onClose();
    };
    const onError = (error: unknown) => setErrors(formErrorsOf(error));
    if (template) update.mutate({ templateId: template.id, body: result.data }, { onSuccess, onError });
    else create.mutate(result.data, { onSuccess, onError });
  }

  return (
    <FormModal
      title={template ? t('ppis.templates.edit') : t('ppis.templates.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={create.isPending || update.isPending}
      size="xl"
    >
      <TextInput label={t('ppis.templates.form.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required maxLength={200} data-autofocus />
      <TemplateScopeFields typeId={typeId} plantId={plantId} onTypeChange={setTypeId} onPlantChange={setPlantId} errors={errors} />
      <Group justify="space-between" mt="xs">
        <Text fw={600} size="sm">
          {t('ppis.templates.form.activities')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('ppis.templates.form.orderHint')}
        </Text>
      </Group>
      {errors.activities && (
        <Text size="sm" c="red" role="alert">
          {errors.activities}
        </Text>
      )}
      <Stack gap="xs">
        {activities.map((row, index) => {
          const error = (field: string) => errors[`activities.${index}.${field}`];
          return (
            <Paper key={row.key} withBorder p="sm" component="fieldset" style={{ margin: 0 }} aria-label={t('ppis.templates.form.activityN', { n: index + 1 })}>
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <Text fw={700} size="sm" w={24} pt={30} ta="right" aria-hidden>
                  {index + 1}.
                </Text>
                <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    <TextInput
                      label={t('ppis.templates.form.activityName')}
                      value={row.name}
                      onChange={(e) => set(row.key, { name: e.currentTarget.value })}
                      error={error('name')}
                      required
                      maxLength={ACTIVITY_NAME_MAX}
                    />
                    <MultiSelect
                      label={t('ppis.templates.form.roles')}
                      data={roleOptions}
                      value={row.roles}
                      onChange={(roles) => set(row.key, { roles: roles as RoleCode[] })}
                      error={error('roles')}
                      required
                    />
                  </SimpleGrid>
                  <Textarea
                    label={t('ppis.templates.form.criteria')}
                    value={row.criteria}
                    onChange={(e) => set(row.key, { criteria: e.currentTarget.value })}
                    error={error('criteria')}
                    autosize
                    minRows={1}
                    maxRows={4}
                    maxLength={ACTIVITY_CRITERIA_MAX}
                  />
                  <Switch label={t('ppis.templates.form.required')} checked={row.is_required} onChange={(e) => set(row.key, { is_required: e.currentTarget.checked })} />
                </Stack>
                <Stack gap={4} pt={24}>
                  <Tooltip label={t('ppis.templates.form.moveUp')} withArrow>
                    <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('ppis.templates.form.moveUpN', { n: index + 1 })}>
                      <IconArrowUp size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('ppis.templates.form.moveDown')} withArrow>
                    <ActionIcon variant="subtle" disabled={index === activities.length - 1} onClick={() => move(index, 1)} aria-label={t('ppis.templates.form.moveDownN', { n: index + 1 })}>
                      <IconArrowDown size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('ppis.templates.form.remove')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={activities.length === 1}
                      onClick={() => setActivities((rows) => rows.filter((r) => r.key !== row.key))}
                      aria-label={t('ppis.templates.form.removeN', { n: index + 1 })}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setActivities((rows) => [...rows, emptyActivity()])} style={{ alignSelf: 'flex-start' }}>
        {t('ppis.templates.form.addActivity')}
      </Button>
    </FormModal>
  );
}
