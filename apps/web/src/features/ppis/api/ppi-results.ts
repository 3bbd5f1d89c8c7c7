import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Equipment } from '@heliotrack/domain/equipment';
import type { Paged } from '@heliotrack/domain/pagination';
import type {
  ActivityCounts,
  BulkResultRequestInput,
  DetailedResults,
  ElementResults,
  MassiveResultRequestInput,
  PpiExport,
  PpiResult,
  ResultUpdateInput,
  ResultWriteAnswer,
} from '@heliotrack/domain/ppi-results';
import type { PpiDetail, UserPpiPermissions } from '@heliotrack/domain/ppis';
import { elementListParams, type ElementListQuery } from '../../../api/get-elements';
import { uploadDocument } from '../../../api/upload-document';
import { http } from '../../../lib/http-client';
import { type CountsKind, ppiKeys, resultKeys } from './ppi-keys';
import { queryKeys } from '../../../api/query-keys';

/** `GET ppis/{id}/list-elements`: linked elements (paged, the element list's filters) with their results. */
export function useElementResults(ppiId: number, query: ElementListQuery) {
  return useQuery({
    queryKey: resultKeys.elements(ppiId, query),
    queryFn: ({ signal }) =>
      http.get<Paged<ElementResults>>(`ppis/${ppiId}/list-elements`, {
        query: elementListParams(query),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The ids of every linked element matching the filters (for "select all"), a page of 1000 at a time. */
export async function allElementIds(ppiId: number, query: ElementListQuery): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await http.get<Paged<ElementResults>>(`ppis/${ppiId}/list-elements`, {
      query: elementListParams({ ...query, page, pageSize: 1000 }),
    });
    ids.push(...answer.results.map((e) => e.id));
    if (!answer.next) return ids;
  }
}

export function useActivityCounts(ppiId: number, kind: CountsKind) {
  return useQuery({
    queryKey: resultKeys.counts(ppiId, kind),
    queryFn: () => http.get<ActivityCounts[]>(`ppis/${ppiId}/${kind}`),
  });
}

export function detailedResultsQueryOptions(ppiId: number) {
  return queryOptions({
    queryKey: resultKeys.detailed(ppiId),
    queryFn: () => http.get<DetailedResults>(`ppis/${ppiId}/detailed-results`),
  });
}

export function useDetailedResults(ppiId: number) {
  return useQuery(detailedResultsQueryOptions(ppiId));
}

/** One result: through `other-roles-result` when it is another role's (read-only). */
export function useResult(ppiId: number, resultId: number | null, readOnly: boolean) {
  return useQuery({
    queryKey: [...resultKeys.one(ppiId, resultId ?? 0), readOnly],
    queryFn: () =>
      http.get<PpiResult>(
        readOnly
          ? `ppis/${ppiId}/ppi-results/${resultId}/other-roles-result`
          : `ppis/${ppiId}/ppi-results/${resultId}/`,
      ),
    enabled: resultId !== null,
  });
}

/** `GET ppis/{id}/ppi-results` (paged, newest first) with its filters. */
export function useResultList(ppiId: number, query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: resultKeys.list(ppiId, query),
    queryFn: ({ signal }) => http.get<Paged<PpiResult>>(`ppis/${ppiId}/ppi-results`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidatePlan(ppiId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ppiKeys.detail(ppiId) });
}

/** `POST ppis/{id}/bulk-update-results/` with the client uuid the form made once (a retry sends the same). */
export function useBulkResults(ppiId: number) {
  const invalidate = useInvalidatePlan(ppiId);
  return useMutation({
    mutationFn: (body: BulkResultRequestInput) =>
      http.post<ResultWriteAnswer>(`ppis/${ppiId}/bulk-update-results/`, body, { handle400: false }),
    onSuccess: invalidate,
  });
}

/**
 * `POST ppis/{id}/massive-activities-updates/`: many activities, each with its result, on many
 * elements, in one transaction (all or nothing). The form makes the client uuid once, so a resend
 * after a lost answer writes nothing twice.
 */
export function useMassiveResults(ppiId: number) {
  const invalidate = useInvalidatePlan(ppiId);
  return useMutation({
    mutationFn: (body: MassiveResultRequestInput) =>
      http.post<ResultWriteAnswer>(`ppis/${ppiId}/massive-activities-updates/`, body, { handle400: false }),
    onSuccess: invalidate,
  });
}

/** `PATCH ppis/{id}/ppi-results/{rid}/update-result/` */
export function useUpdateResult(ppiId: number) {
  const invalidate = useInvalidatePlan(ppiId);
  return useMutation({
    mutationFn: ({ resultId, body }: { resultId: number; body: ResultUpdateInput }) =>
      http.patch<PpiResult>(`ppis/${ppiId}/ppi-results/${resultId}/update-result/`, body, {
        handle400: false,
      }),
    onSuccess: invalidate,
  });
}

/**
 * A photo for a result, uploaded before it (`POST documents/` with the plan's plant only) so that the
 * write attaches it (`documents`): offline the file waits on the device and goes up before its result.
 */
export function useUploadResultPhoto() {
  return useMutation({
    mutationFn: ({ plantId, file, clientUuid }: { plantId: number; file: File; clientUuid: string }) =>
      uploadDocument({ plantId, clientUuid, file }),
  });
}

/** `POST ppis/{id}/ppi-close` or `ppi-reopen` (administrators). */
export function useSetPpiStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ppiId, action }: { ppiId: number; action: 'close' | 'reopen' }) =>
      http.post<PpiDetail>(`ppis/${ppiId}/ppi-${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ppiKeys.all }),
  });
}

/** The plan's dossiers; polled while one is being made. */
export function useExports(ppiId: number) {
  return useQuery({
    queryKey: resultKeys.exports(ppiId),
    queryFn: () => http.get<PpiExport[]>(`ppis/${ppiId}/ppi-exports/`),
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.status === 'pending' || e.status === 'running') ? 1000 : false,
  });
}

export function useCreateExport(ppiId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<PpiExport>(`ppis/${ppiId}/ppi-export`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.exports(ppiId) }),
  });
}

export function useDeleteExport(ppiId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exportId: number) => http.delete<null>(`ppis/${ppiId}/ppi-exports/${exportId}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.exports(ppiId) }),
  });
}

/** `GET ppis/{id}/user-ppi-permissions`: the caller's role in the plan and the activities they record. */
export function usePpiPermissions(ppiId: number) {
  return useQuery({
    queryKey: ppiKeys.permissions(ppiId),
    queryFn: () => http.get<UserPpiPermissions>(`ppis/${ppiId}/user-ppi-permissions`),
  });
}

/**
 * `GET calibration-equipment/` for the equipment field. Under the equipment page's query key, so
 * both share one cached list (a feature does not import another's hooks).
 */
export function useCalibrationEquipment() {
  return useQuery({
    queryKey: queryKeys.calibrationEquipment,
    queryFn: () => http.get<Equipment[]>('calibration-equipment/'),
  });
}
