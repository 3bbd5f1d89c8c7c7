import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `GET templates/`: the organisation's templates, each with its activities. */
export function getTemplates(): Promise<Template[]> {
  return http.get<Template[]>('templates/');
}

/** `GET plants/{id}/templates/`: those usable on the plant (the organisation's and the plant's own). */
export function getPlantTemplates(plantId: number): Promise<Template[]> {
  return http.get<Template[]>(`plants/${plantId}/templates/`);
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: ppiKeys.templates, queryFn: getTemplates });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}

export function usePlantTemplates(plantId: number | null) {
  return useQuery({ queryKey: ppiKeys.plantTemplates(plantId ?? 0), queryFn: () => getPlantTemplates(plantId!), enabled: plantId !== null });
}
