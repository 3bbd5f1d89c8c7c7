import { Alert, FileInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PPI_RESULTS, type PpiResultValue } from '@heliotrack/domain/ppi-results';
import type { Activity } from '@heliotrack/domain/ppis';
import { FormModal } from '../../../components/form-modal';
import { ResultDetailsFields, today } from './result-details-fields';
import { notifySuccess } from '../../../components/notifications/notify';
import { newClientUuid } from '../../../lib/client-uuid';
import { formatInteger } from '../../../lib/format';
import { formErrorsOf, type FormErrors } from '../../../lib/validate-form';
import type { PpiResult } from '@heliotrack/domain/ppi-results';
import { ppiQueryOptions } from '../api/get-ppi';
import {
  useBulkResults,
  useUpdateResult,
  useUploadResultPhoto,
} from '../api/ppi-results';

const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp';

/** What the dialog records: one activity on these elements, or one result again. */
export interface RecordTarget {
  elementIds: number[];
  /** The activity chosen beforehand (a cell of the register); null lets the user choose. */
  activityId: number | null;
  /** An existing result recorded again. */
  existing?: PpiResult;
}

/**
 * Records a result: OK / not OK / not applicable, observations, the calibration equipment measured
 * with (the server refuses equipment expired on the result's date, naming it) and the day checked.
 * On a single element a photo can go with it: uploaded first, then attached by the write (offline,
 * both wait on the device and the photo goes up first at sync). The client uuid is made once per
 * dialog, and the photo's once per chosen file, so pressing Save again after a lost answer never
 * records either twice.
 */
export function RecordResultModal({
  ppiId,
  activities,
  target,
  onClose,
}: {
  ppiId: number;
  activities: Activity[];
  target: RecordTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const bulk = useBulkResults(ppiId);
  const update = useUpdateResult(ppiId);
  const upload = useUploadResultPhoto();
  const queryClient = useQueryClient();
  const [clientUuid] = useState(newClientUuid);
  const existing = target.existing;
  const [activityId, setActivityId] = useState<string | null>(
    String(existing?.activity.id ?? target.activityId ?? (activities.length === 1 ? activities[0].id : '')) ||
      null,
  );
  const [result, setResult] = useState<PpiResultValue>(existing?.result ?? 'ok');
  const [observations, setObservations] = useState(existing?.observations ?? '');
  const [equipmentId, setEquipmentId] = useState<string | null>(
    existing?.equipment ? String(existing.equipment.id) : null,
  );
  const [resultDate, setResultDate] = useState(existing?.result_date ?? today());
  const [photo, setPhoto] = useState<{ file: File; clientUuid: string } | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const single = target.elementIds.length === 1;

  async function save() {
    if (!activityId) {
      setErrors({ activity: t('ppis.results.form.activityRequired') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      let documents: number[] | undefined;
      if (photo && single) {
        // The plan's plant, which the photo belongs to until the write attaches it (the page has the plan).
        const plan = await queryClient.ensureQueryData(ppiQueryOptions(ppiId));
        documents = [(await upload.mutateAsync({ plantId: plan.plant.id, ...photo })).id];
      }
      const values = {
        result,
        observations,
        equipment: equipmentId ? Number(equipmentId) : null,
        result_date: resultDate,
        client_uuid: clientUuid,
        ...(documents ? { documents } : {}),
      };
      if (existing) await update.mutateAsync({ resultId: existing.id, body: values });
      else {
        const answer = await bulk.mutateAsync({
          ...values,
          activity: Number(activityId),
          element_ids: target.elementIds,
        });
        notifySuccess(
          t('ppis.results.form.saved', { count: answer.written, formatted: formatInteger(answer.written) }),
        );
      }
      if (existing) notifySuccess(t('ppis.results.form.saved', { count: 1, formatted: '1' }));
      onClose();
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      title={
        existing
          ? t('ppis.results.form.editTitle')
          : t('ppis.results.form.title', {
              count: target.elementIds.length,
              formatted: formatInteger(target.elementIds.length),
            })
      }
      onClose={onClose}
      onSubmit={() => void save()}
      errors={
        {
          ...errors,
          _general:
            [errors._general, errors.element_ids, errors.non_field_errors].filter(Boolean).join(' ') ||
            undefined,
        } as FormErrors
      }
      isSaving={saving}
      field
    >
      <Stack gap="sm">
        {existing && (
          <Text size="sm">
            {t('ppis.results.form.element', { code: existing.element.code })} · {existing.activity.position}.{' '}
            {existing.activity.name}
          </Text>
        )}
        {!existing && (
          <Select
            label={t('ppis.results.form.activity')}
            data={activities.map((a) => ({ value: String(a.id), label: `${a.position}. ${a.name}` }))}
            value={activityId}
            onChange={setActivityId}
            error={errors.activity}
            disabled={target.activityId !== null}
            required
            allowDeselect={false}
          />
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('ppis.results.form.result')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-label={t('ppis.results.form.result')}
            value={result}
            onChange={(value) => setResult(value as PpiResultValue)}
            data={PPI_RESULTS.map((value) => ({ value, label: t(`ppis.results.value.${value}`) }))}
          />
        </div>
        <ResultDetailsFields
          observations={observations}
          onObservations={setObservations}
          equipmentId={equipmentId}
          onEquipment={setEquipmentId}
          resultDate={resultDate}
          onResultDate={setResultDate}
          errors={errors}
        />
        {single ? (
          <FileInput
            label={t('ppis.results.form.photo')}
            accept={PHOTO_ACCEPT}
            value={photo?.file ?? null}
            onChange={(file) => setPhoto(file ? { file, clientUuid: newClientUuid() } : null)}
            error={errors.document ?? errors.documents}
            clearable
            placeholder={t('ppis.results.form.photoPlaceholder')}
          />
        ) : (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            {t('ppis.results.form.bulkHint', {
              count: target.elementIds.length,
              formatted: formatInteger(target.elementIds.length),
            })}
          </Alert>
        )}
      </Stack>
    </FormModal>
  );
}
