import { Select, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, formatDay, parseDay } from '../../../lib/day';
import type { FormErrors } from '../../../lib/validate-form';
import { useCalibrationEquipment } from '../api/ppi-results';

/** Today as the server's result date (YYYY-MM-DD); a result is never dated in the future. */
export const today = () => new Date().toISOString().slice(0, 10);

interface Props {
  observations: string;
  onObservations(value: string): void;
  equipmentId: string | null;
  onEquipment(value: string | null): void;
  resultDate: string;
  onResultDate(value: string): void;
  errors?: FormErrors;
}

/**
 * What every way of recording a result asks besides the result itself: observations, the calibration
 * equipment measured with (each shown with its expiry, so an expired one is seen before the server
 * refuses it) and the result's date.
 */
export function ResultDetailsFields({ observations, onObservations, equipmentId, onEquipment, resultDate, onResultDate, errors = {} }: Props) {
  const { t } = useTranslation();
  const equipment = useCalibrationEquipment();
  const equipmentOptions = (equipment.data ?? []).map((e) => ({
    value: String(e.id),
    label: `${e.name} · ${t(e.is_expired ? 'ppis.results.form.expired' : 'ppis.results.form.validUntil', { date: formatDay(e.expiry_date) })}`,
  }));
  return (
    <>
      <Textarea
        label={t('ppis.results.form.observations')}
        value={observations}
        onChange={(e) => onObservations(e.currentTarget.value)}
        error={errors.observations}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Select
        label={t('ppis.results.form.equipment')}
        placeholder={t('ppis.results.form.noEquipment')}
        data={equipmentOptions}
        value={equipmentId}
        onChange={onEquipment}
        clearable
        searchable
        error={errors.equipment}
      />
      <DateInput
        label={t('ppis.results.form.date')}
        dateParser={parseDay}
        valueFormat={DAY_FORMAT}
        value={resultDate}
        maxDate={today()}
        onChange={(value) => onResultDate(value ?? today())}
        error={errors.result_date}
        withAsterisk
      />
    </>
  );
}
