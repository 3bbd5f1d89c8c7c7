/*
 * What an integrator writes against a client generated from /api/openapi.json (README "Generating a
 * client"): test/api-docs.test.ts generates `heliotrack-api.d.ts` beside a copy of this file with
 * openapi-typescript and type-checks both, so a change of the document that breaks these calls
 * fails the suite. Not part of the server's own type-check (tsconfig excludes the folder): the
 * generated file only exists in the test's temporary folder.
 */
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './heliotrack-api';

const api = createClient<paths>({ baseUrl: 'http://localhost:8080' });

type ErrorDetail = components['schemas']['ErrorDetail'];
type FieldErrors = components['schemas']['FieldErrors'];

/** Signs in; wrong credentials are a 401 `{detail, code}`, a malformed email a 400 naming the field. */
export async function signIn(email: string, password: string) {
  const { data, error, response } = await api.POST('/api/token/', { body: { email, password } });
  if (error) {
    if (response.status === 400) return { fields: Object.keys(error as FieldErrors) };
    const refused: ErrorDetail = error as ErrorDetail;
    return { refused: refused.code };
  }
  const access: string = data.access;
  const refresh: string = data.refresh;
  return { access, refresh };
}

const auth = (access: string) => ({ headers: { Authorization: `Bearer ${access}` } });

/** A page of a plant's modules in some states, newest change first, the way the web app's element list asks. */
export async function modulesInStates(access: string, plant: number, states: number[]) {
  const { data, error, response } = await api.GET('/api/plants/{id}/modules/', {
    params: { path: { id: plant }, query: { state: states.join(','), ordering: '-updated_at', page: 1, page_size: 50 } },
    ...auth(access),
  });
  // A 400 names the refused filters; the other errors are `{detail, code}`.
  if (error) throw new Error(response.status === 400 ? Object.keys(error).join(', ') : (error as ErrorDetail).detail);
  const count: number = data.count;
  const codes: string[] = data.results.map((element) => element.code);
  return { count, codes };
}

/** A state change of many modules at once, retried safely with the same client_uuid. */
export async function markInstalled(access: string, plant: number, elementType: number, state: number, ids: number[]) {
  const body: operations['massiveStateChangeModules']['requestBody']['content']['application/json'] = {
    state,
    element_type: elementType,
    element_ids: ids,
    client_uuid: 'b8f5c0de-6c4e-4f7e-9a55-2f0b7f9a1c01',
  };
  const { data, error, response } = await api.POST('/api/plants/{id}/modules/massive-state-change/', {
    params: { path: { id: plant } },
    body,
    ...auth(access),
  });
  if (response.status === 413) throw new Error('too many elements in one change');
  if (error) return { refused: error };
  const changed: number = data.element_count;
  const version: number = data.elements_version;
  return { changed, version };
}

/** PPI results recorded offline (issue 36): sent with the time observed, the last download's version and a client uuid. */
export async function sendOfflineResults(access: string, ppi: number, activity: number, ids: number[], observedAt: string, known: number) {
  const body: operations['bulkUpdatePpiResults']['requestBody']['content']['application/json'] = {
    activity,
    element_ids: ids,
    result: 'ok',
    recorded_at: observedAt,
    known_elements_version: known,
    client_uuid: '0f3c2a9e-7d1b-4c55-8a2e-1b9d6c0e4f21',
  };
  const { data, error } = await api.POST('/api/ppis/{id}/bulk-update-results/', { params: { path: { id: ppi } }, body, ...auth(access) });
  if (error) return { refused: error };
  const late: number = data.late_count;
  const conflicts: number = data.conflict_count;
  const version: number = data.elements_version;
  // The office's review lists the late and conflicting ones.
  const reviews = await api.GET('/api/plants/{id}/sync-reviews/', { params: { path: { id: 1 }, query: { subject: 'ppi_result', ppi } }, ...auth(access) });
  const results = reviews.data?.results.map((review) => [review.ppi?.activity?.name, review.incoming.result, review.met?.result]);
  return { late, conflicts, version, results };
}

/** A document for a plant: a multipart form. */
export async function uploadDocument(access: string, plant: number, file: Blob) {
  const form: operations['uploadDocument']['requestBody']['content']['multipart/form-data'] = {
    document: 'contract.pdf',
    plant_id: String(plant),
  };
  const { data } = await api.POST('/api/documents/', {
    body: form,
    bodySerializer: (fields) => {
      const parts = new FormData();
      for (const [name, value] of Object.entries(fields)) parts.append(name, name === 'document' ? file : String(value));
      return parts;
    },
    ...auth(access),
  });
  return data?.url;
}

/** A finished report as PDF bytes; 409 while it is being made. */
export async function reportPdf(access: string, plant: number, report: number) {
  const { data, error, response } = await api.GET('/api/plants/{id}/reports/{reportId}/download/', {
    params: { path: { id: plant, reportId: report }, query: { format: 'pdf' } },
    parseAs: 'blob',
    ...auth(access),
  });
  if (response.status === 409) return { notReady: (error as ErrorDetail).code };
  return { pdf: data };
}

// The document is strict enough that mistakes do not compile.
export async function mistakes(access: string) {
  // @ts-expect-error `rucs` is not an element type: no such path.
  await api.POST('/api/plants/{id}/rucs/massive-state-change/', { params: { path: { id: 1 } }, body: {}, ...auth(access) });
  // @ts-expect-error element_ids is required.
  await api.POST('/api/plants/{id}/modules/massive-state-change/', { params: { path: { id: 1 } }, body: { state: 1, element_type: 1 }, ...auth(access) });
  // @ts-expect-error a report comes as pdf or xlsx only.
  await api.GET('/api/plants/{id}/reports/{reportId}/download/', { params: { path: { id: 1, reportId: 1 }, query: { format: 'docx' } }, ...auth(access) });
}
