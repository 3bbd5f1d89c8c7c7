import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment } from '@heliotrack/domain/equipment';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** `GET calibration-equipment/`: the organisation's equipment by name, each with its certificates. */
export function getEquipmentList(): Promise<Equipment[]> {
  return http.get<Equipment[]>('calibration-equipment/');
}

export function equipmentListQueryOptions() {
  return queryOptions({ queryKey: queryKeys.calibrationEquipment, queryFn: getEquipmentList });
}

export function useEquipmentList() {
  return useQuery(equipmentListQueryOptions());
}
