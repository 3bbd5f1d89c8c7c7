import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PpiInput, PpiUpdate, type Ppi, type PpiDetail } from '@heliotrack/domain/ppis';
import type { RoleCode } from '@heliotrack/domain/roles';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { formErrorsOf, validateForm, type FormErrors } from '../../../lib/validate-form';
import { usePpiPlants } from '../api/get-ppi-plants';
import { usePpiUsers } from '../api/get-ppi-users';
import { usePlantTemplates } from '../api/get-templates';
import { useCreatePpi, useUpdatePpi } from '../api/save-ppi';
import { useRoleLabel, useRoleOptions } from './role-label';

interface UserRow {
  key: number;
  user: string | null;
  role: RoleCode | null;
}

let nextKey = 1;

/**
 * Create (no plan) or edit a PPI: plant and template when creating (the template's activities are
 * copied then and never change with it), code, name and the users linked with their role in it.
 * Validated with the domain's PpiInput / PpiUpdate; the server's 400s go under the fields.
 */
export function PpiFormModal({ ppi, defaultPlantId, onClose }: { ppi?: Ppi; defaultPlantId?: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const roleOptions = useRoleOptions();
  const [plantId, setPlantId] = useState<number | null>(ppi?.plant.id ?? defaultPlantId ?? null);
  const [templateId, setTemplateId] = useState<number | null>(ppi?.template?.id ?? null);
  const [code, setCode] = useState(ppi?.code ?? '');
  const [name, setName] = useState(ppi?.name ?? '');
  const [users, setUsers] = useState<UserRow[]>(
    () => ppi?.users.map((u) => ({ key: nextKey++, user: String(u.user), role: u.role as RoleCode })) ?? [],
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const plants = usePpiPlants();
  const templates = usePlantTemplates(ppi ? null : plantId);
  const candidates = usePpiUsers(plantId);
  const create = useCreatePpi();
  const update = useUpdatePpi();

  const userOptions = (candidates.data ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.name} · ${u.roles.map(roleLabel).join(', ') || t('common.notAvailable')}`,
  }));

  function setUser(key: number, patch: Partial<UserRow>) {
    setUsers((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }

  function onSubmit() {
    const values = {
      code,
      name,
      users: users.filter((row) => row.user !== null || row.role !== null).map((row) => ({ user: Number(row.user), role: row.role })),
    };
    if (!ppi && plantId === null) return setErrors({ plant: t('ppis.form.plantRequired') });
    const result = ppi ? validateForm(PpiUpdate, values) : validateForm(PpiInput, { ...values, template: templateId ?? undefined });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    const onSuccess = (saved: PpiDetail) => {
      notifySuccess(ppi ? t('ppis.updated', { code: saved.code }) : t('ppis.created', { code: saved.code }));
      onClose();
    };
    const onError = (error: unknown) => setErrors(formErrorsOf(error));
    if (ppi) update.mutate({ plantId: ppi.plant.id, ppiId: ppi.id, body: result.data }, { onSuccess, onError });
    else create.mutate({ plantId: plantId!, body: result.data as PpiInput }, { onSuccess, onError });
  }

  return (
    <FormModal
      title={ppi ? t('ppis.edit') : t('ppis.create')}
      onClose={onClose}
      onSubmit={onSubmit}
      errors={errors}
      isSaving={create.isPending || update.isPending}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('ppis.form.plant')}
          data={(plants.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.code}` }))}
          value={plantId !== null ? String(plantId) : null}
          onChange={(value) => {
            setPlantId(value ? Number(value) : null);
            setTemplateId(null);
            setUsers([]);
          }}
          disabled={!!ppi}
          error={errors.plant}
          required
          searchable
          data-autofocus={!ppi || undefined}
        />
        {ppi ? (
          <TextInput label={t('ppis.form.template')} value={ppi.template?.name ?? t('ppis.noTemplate')} readOnly disabled />
        ) : (
          <Select
            label={t('ppis.form.template')}
            description={t('ppis.form.templateHint')}
            placeholder={plantId === null ? t('ppis.form.choosePlantFirst') : undefined}
            data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: `${tpl.name} · ${tpl.element_type.name}` }))}
            value={templateId !== null ? String(templateId) : null}
            onChange={(value) => setTemplateId(value ? Number(value) : null)}
            disabled={plantId === null}
            nothingFoundMessage={t('ppis.form.noTemplates')}
            error={errors.template}
            required
            searchable
          />
        )}
        <TextInput label={t('ppis.form.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} required maxLength={50} />
        <TextInput label={t('ppis.form.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required maxLength={200} />
      </SimpleGrid>

      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('ppis.form.users')}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setUsers((rows) => [...rows, { key: nextKey++, user: null, role: null }])}
            disabled={plantId === null}
          >
            {t('ppis.form.addUser')}
          </Button>
        </Group>
        {users.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('ppis.form.noUsers')}
          </Text>
        )}
        {users.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              style={{ flex: 2 }}
              aria-label={t('ppis.form.userN', { n: index + 1 })}
              placeholder={t('ppis.form.user')}
              data={userOptions}
              value={row.user}
              onChange={(value) => {
                const roles = candidates.data?.find((u) => String(u.id) === value)?.roles ?? [];
                setUser(row.key, { user: value, role: row.role ?? ((roles[0] as RoleCode | undefined) ?? null) });
              }}
              searchable
            />
            <Select
              style={{ flex: 1 }}
              aria-label={t('ppis.form.roleN', { n: index + 1 })}
              placeholder={t('ppis.form.role')}
              data={roleOptions}
              value={row.role}
              onChange={(value) => setUser(row.key, { role: value as RoleCode | null })}
            />
            <Tooltip label={t('ppis.form.removeUser')} withArrow>
              <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setUsers((rows) => rows.filter((r) => r.key !== row.key))} aria-label={t('ppis.form.removeUserN', { n: index + 1 })}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {errors.users && (
          <Text size="sm" c="red" role="alert">
            {errors.users}
          </Text>
        )}
      </Stack>
    </FormModal>
  );
}
