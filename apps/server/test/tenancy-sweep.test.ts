import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { centroid, parseWkt } from '@heliotrack/domain/geometry';
import { lonLatToTile } from '@heliotrack/domain/tiles';
import { VIEWER_MAY } from '../src/plugins/account-guards';
import { createUser, describeEachDatabase, type Method, multipart, seededPlantAndType, type TestContext, USERS } from './helpers';

/*
 * DESIGN section 10: "a user of one organisation gets 404 for every id of another". Every route the
 * app registers is either swept (called by the Demo Solar administrator with Otra Energía's ids in
 * its path: 404 and nothing written) or exempt with a reason. A new route with path params fails
 * the first test until it gets a line in SWEPT, so nobody has to remember to add it.
 *
 * Bodies are valid for the caller's own organisation, so that validation does not answer 400 first
 * and the only foreign thing in a request is the id in its path.
 */

/** A one-placemark KML for the layout file routes. */
const SWEEP_KML = '<kml><Placemark><name>P-1</name><Point><coordinates>-5.7,37.3</coordinates></Point></Placemark></kml>';

/** Ids of Otra Energía, the organisation the caller does not belong to. */
interface Theirs {
  plant: number;
  module: number;
  state: number;
  stateGroup: number;
  contractor: number;
  contractorGroup: number;
  user: number;
  ruc: number;
  stateChange: number;
  /** The element of `stateChange`, and a document linked to that change. */
  changedElement: number;
  changeDocument: number;
  flashReport: number;
  equipment: number;
  equipmentDocument: number;
  milestone: number;
  report: number;
  historicReport: number;
  tile: { z: number; x: number; y: number };
  /** A PPI of the seed, its first activity and a template of the organisation. */
  ppi: number;
  ppiActivity: number;
  /** A result recorded on that PPI, and a dossier exported of it. */
  ppiResult: number;
  ppiExport: number;
  template: number;
  /** A sync review (a refused offline change) of their plant. */
  syncReview: number;
  /** An orthophoto layer of their plant (an upload begun). */
  imageryLayer: number;
}

/** Ids of Demo Solar, the caller's organisation, for bodies and for "our plant, their child" calls. */
interface Ours {
  plant: number;
  moduleType: number;
  moduleState: number;
  template: number;
}

interface Call {
  params: Record<string, string | number>;
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

const POLYGON = encodeURIComponent('-5.7 37.3,-5.6 37.3,-5.6 37.4,-5.7 37.3');
const today = new Date().toISOString().slice(0, 10);

/** Every route with an id in its path, and how to call it with the other organisation's ids. */
const SWEPT: Record<string, (theirs: Theirs, ours: Ours) => Call> = {
  'GET /api/plants/:id/': (t) => ({ params: { id: t.plant } }),
  'GET /api/client-users/:id': (t) => ({ params: { id: t.user } }),
  'GET /api/client-users/:id/plants/': (t) => ({ params: { id: t.user } }),
  'POST /api/client-users/:id/authorized-plants/': (t, o) => ({
    params: { id: t.user },
    payload: { plants: [o.plant] },
  }),
  'PUT /api/client-users/:id/': (t) => ({
    params: { id: t.user },
    payload: {
      email: 'secuestro@heliotrack.demo',
      name: 'Secuestro',
      is_active: false,
      language: 'es',
      roles: ['AD'],
    },
  }),
  'POST /api/client-users/:id/revoke-sessions/': (t) => ({ params: { id: t.user } }),
  'GET /api/plants/:id/elements-ok/': (t) => ({ params: { id: t.plant } }),
  'GET /api/client-states/:id/': (t) => ({ params: { id: t.state } }),
  'PATCH /api/client-states/:id/': (t) => ({ params: { id: t.state }, payload: { name: 'Mío' } }),
  'DELETE /api/client-states/:id/': (t) => ({ params: { id: t.state } }),
  'GET /api/client-state-groups/:id/': (t) => ({ params: { id: t.stateGroup } }),
  'PUT /api/client-state-groups/:id/': (t, o) => ({
    params: { id: t.stateGroup },
    payload: { name: 'Mío', states: [o.moduleState] },
  }),
  'DELETE /api/client-state-groups/:id/': (t) => ({ params: { id: t.stateGroup } }),
  'POST /api/plants/:id/update-states-group/': (t) => ({
    params: { id: t.plant },
    payload: { state_group: null },
  }),
  'GET /api/plants/:id/valid-state-groups/': (t) => ({ params: { id: t.plant } }),
  'GET /api/contractors/:id/': (t) => ({ params: { id: t.contractor } }),
  'PUT /api/contractors/:id/': (t) => ({ params: { id: t.contractor }, payload: { name: 'Mío' } }),
  'DELETE /api/contractors/:id/': (t) => ({ params: { id: t.contractor } }),
  'GET /api/contractor-groups/:id/': (t) => ({ params: { id: t.contractorGroup } }),
  'PUT /api/contractor-groups/:id/': (t) => ({
    params: { id: t.contractorGroup },
    payload: { name: 'Mío', contractors: [] },
  }),
  'DELETE /api/contractor-groups/:id/': (t) => ({ params: { id: t.contractorGroup } }),
  'GET /api/plants/:id/rucs/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/rucs/': (t) => ({ params: { id: t.plant }, payload: { name: 'Intruso' } }),
  'GET /api/plants/:id/rucs/:rucId/': (t) => ({ params: { id: t.plant, rucId: t.ruc } }),
  'PUT /api/plants/:id/rucs/:rucId/': (t) => ({
    params: { id: t.plant, rucId: t.ruc },
    payload: { name: 'Intruso' },
  }),
  'DELETE /api/plants/:id/rucs/:rucId/': (t) => ({ params: { id: t.plant, rucId: t.ruc } }),
  'PUT /api/plants/:id/rucs/:rucId/update-states/': (t, o) => ({
    params: { id: t.plant, rucId: t.ruc },
    payload: { states: [o.moduleState] },
  }),
  'GET /api/client-users/:id/rucs/': (t, o) => ({ params: { id: t.user }, query: `plant=${o.plant}` }),
  'POST /api/client-users/:id/authorized-rucs/': (t, o) => ({
    params: { id: t.user },
    payload: { plant: o.plant, rucs: [] },
  }),
  'GET /api/plants/:id/:type/by-polygon': (t) => ({
    params: { id: t.plant, type: 'modules' },
    query: `polygon=${POLYGON}`,
  }),
  'GET /api/plants/:id/extra-elements/by-polygon': (t, o) => ({
    params: { id: t.plant },
    query: `polygon=${POLYGON}&element_type=${o.moduleType}`,
  }),
  'GET /api/plants/:id/tiles/:z/:x/:y.pbf': (t) => ({ params: { id: t.plant, ...t.tile } }),
  'GET /api/plants/:id/tiles/bounds': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/serial-scan/': (t) => ({
    params: { id: t.plant },
    payload: { client_uuid: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', serials: [{ element_id: t.module, serial: 'SWEEP000000001' }] },
  }),
  'GET /api/plants/:id/delivered-serials/': (t) => ({ params: { id: t.plant } }),
  'GET /api/plants/:id/delivered-serials/all/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/delivered-serials/import/': (t) => {
    const form = multipart([{ field: 'file', name: 'albaran.csv', type: 'text/csv', content: Buffer.from('serial\nSWEEP000000001\n') }]);
    return { params: { id: t.plant }, payload: form.payload, headers: form.headers };
  },
  'DELETE /api/plants/:id/delivered-serials/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/import-layout/': (t) => ({
    params: { id: t.plant },
    query: 'dry_run=true',
    payload: JSON.stringify({ type: 'FeatureCollection', features: [] }),
    headers: { 'content-type': 'application/json' },
  }),
  'GET /api/plants/:id/imagery/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/imagery/': (t) => ({ params: { id: t.plant }, payload: { name: 'Vuelo', format: 'pmtiles', size: 10 } }),
  'PUT /api/plants/:id/imagery/:layerId/content': (t) => ({
    params: { id: t.plant, layerId: t.imageryLayer },
    query: 'offset=0',
    payload: Buffer.from('0123456789'),
    headers: { 'content-type': 'application/octet-stream' },
  }),
  'PATCH /api/plants/:id/imagery/:layerId/': (t) => ({ params: { id: t.plant, layerId: t.imageryLayer }, payload: { name: 'Otro' } }),
  'DELETE /api/plants/:id/imagery/:layerId/': (t) => ({ params: { id: t.plant, layerId: t.imageryLayer } }),
  'GET /api/plants/:id/imagery/:layerId/:z/:x/:y': (t) => ({ params: { id: t.plant, layerId: t.imageryLayer, z: 0, x: 0, y: 0 } }),
  'GET /api/plants/:id/imagery/:layerId/offline/': (t) => ({
    params: { id: t.plant, layerId: t.imageryLayer },
    query: 'min_zoom=0&max_zoom=1',
  }),
  'POST /api/plants/:id/import-layout/file/inspect/': (t) => ({
    params: { id: t.plant },
    payload: { format: 'kml', content: Buffer.from(SWEEP_KML).toString('base64') },
  }),
  'POST /api/plants/:id/import-layout/file/': (t) => ({
    params: { id: t.plant },
    query: 'dry_run=true',
    payload: { format: 'kml', content: Buffer.from(SWEEP_KML).toString('base64'), layers: { '': { element_type: 'HIN' } } },
  }),
  'GET /api/plants/:id/element-types/': (t) => ({ params: { id: t.plant } }),
  'GET /api/plants/:id/states/': (t) => ({ params: { id: t.plant } }),
  'GET /api/plants/:id/contractors/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/update-contractors-group/': (t) => ({
    params: { id: t.plant },
    payload: { contractor_group: null },
  }),
  'GET /api/plants/:id/extra-elements/': (t, o) => ({
    params: { id: t.plant },
    query: `element_type=${o.moduleType}`,
  }),
  'GET /api/plants/:id/elements/': (t) => ({ params: { id: t.plant } }),
  'GET /api/plants/:id/:type/': (t) => ({ params: { id: t.plant, type: 'modules' } }),
  'GET /api/plants/:id/:type/ids/': (t) => ({ params: { id: t.plant, type: 'modules' } }),
  'GET /api/plants/:id/extra-elements/ids/': (t, o) => ({
    params: { id: t.plant },
    query: `element_type=${o.moduleType}`,
  }),
  'GET /api/plants/:id/:type/:elementId/': (t) => ({
    params: { id: t.plant, type: 'modules', elementId: t.module },
  }),
  'POST /api/plants/:id/:type/:elementId/state-change/': (t, o) => ({
    params: { id: t.plant, type: 'modules', elementId: t.module },
    payload: { state: o.moduleState, element_type: o.moduleType },
  }),
  'POST /api/plants/:id/:type/massive-state-change/': (t, o) => ({
    params: { id: t.plant, type: 'modules' },
    payload: { state: o.moduleState, element_type: o.moduleType, element_ids: [t.module] },
  }),
  'GET /api/elements/:id/state-changes/': (t) => ({ params: { id: t.changedElement } }),
  'GET /api/plants/:id/sync-reviews/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/sync-reviews/:reviewId/resolve/': (t) => ({ params: { id: t.plant, reviewId: t.syncReview } }),
  'GET /api/documents/:id/download/': (t) => ({ params: { id: t.changeDocument } }),
  'DELETE /api/documents/:id/': (t) => ({ params: { id: t.changeDocument } }),
  'POST /api/elements/:id/state-changes/:scId/delete-document/:docId/': (t) => ({
    params: { id: t.changedElement, scId: t.stateChange, docId: t.changeDocument },
  }),
  // {id} is an element here, a flash report in the three below (flash-reports.test.ts says why).
  'GET /api/flash-reports/:id/': (t) => ({ params: { id: t.module } }),
  'PUT /api/flash-reports/:id/': (t) => ({
    params: { id: t.flashReport },
    payload: { title: 'Intruso', severity: 'low' },
  }),
  'DELETE /api/flash-reports/:id/': (t) => ({ params: { id: t.flashReport } }),
  'GET /api/flash-reports/:id/details': (t) => ({ params: { id: t.flashReport } }),
  'GET /api/calibration-equipment/:id/': (t) => ({ params: { id: t.equipment } }),
  'PUT /api/calibration-equipment/:id/': (t) => ({
    params: { id: t.equipment },
    payload: { name: 'Intruso', calibration_date: today, expiry_date: today },
  }),
  'POST /api/calibration-equipment/:id/delete-document/:docId/': (t) => ({
    params: { id: t.equipment, docId: t.equipmentDocument },
  }),
  'GET /api/plants/:id/milestones/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/milestones/': (t, o) => ({ params: { id: t.plant }, payload: milestone(o) }),
  'GET /api/plants/:id/milestones/:milestoneId/': (t) => ({
    params: { id: t.plant, milestoneId: t.milestone },
  }),
  'PUT /api/plants/:id/milestones/:milestoneId/': (t, o) => ({
    params: { id: t.plant, milestoneId: t.milestone },
    payload: milestone(o),
  }),
  'DELETE /api/plants/:id/milestones/:milestoneId/': (t) => ({
    params: { id: t.plant, milestoneId: t.milestone },
  }),
  'GET /api/plants/:id/milestones/:milestoneId/followup/': (t) => ({
    params: { id: t.plant, milestoneId: t.milestone },
  }),
  'GET /api/plants/:id/reports/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/reports/': (t) => ({ params: { id: t.plant }, payload: {} }),
  'GET /api/plants/:id/reports/:reportId/': (t) => ({ params: { id: t.plant, reportId: t.report } }),
  'DELETE /api/plants/:id/reports/:reportId/': (t) => ({ params: { id: t.plant, reportId: t.report } }),
  'GET /api/plants/:id/reports/:reportId/download/': (t) => ({
    params: { id: t.plant, reportId: t.report },
    query: 'format=pdf',
  }),
  'GET /api/plants/:id/historic-reports/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/historic-reports/': (t) => ({ params: { id: t.plant }, payload: {} }),
  'GET /api/plants/:id/historic-reports/:reportId/': (t) => ({
    params: { id: t.plant, reportId: t.historicReport },
  }),
  'DELETE /api/plants/:id/historic-reports/:reportId/': (t) => ({
    params: { id: t.plant, reportId: t.historicReport },
  }),
  'GET /api/plants/:id/historic-reports/:reportId/download/': (t) => ({
    params: { id: t.plant, reportId: t.historicReport },
    query: 'format=xlsx',
  }),
  'GET /api/plants/:id/elements/export/': (t) => ({ params: { id: t.plant }, query: 'format=csv' }),
  'GET /api/plants/:id/sync/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/sync/elements/': (t) => ({ params: { id: t.plant }, payload: { ids: [t.module, t.changedElement] } }),
  'GET /api/plants/:id/ppis/': (t) => ({ params: { id: t.plant } }),
  'POST /api/plants/:id/ppis/': (t, o) => ({
    params: { id: t.plant },
    payload: { code: 'X', name: 'Intruso', template: o.template },
  }),
  'GET /api/plants/:id/ppis/:ppiId/': (t) => ({ params: { id: t.plant, ppiId: t.ppi } }),
  'PUT /api/plants/:id/ppis/:ppiId/': (t) => ({
    params: { id: t.plant, ppiId: t.ppi },
    payload: { code: 'X', name: 'Intruso' },
  }),
  'DELETE /api/plants/:id/ppis/:ppiId/': (t) => ({ params: { id: t.plant, ppiId: t.ppi } }),
  'GET /api/ppis/:id': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/user-ppi-permissions': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/activities-list': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/required-activities-list/': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/activities/:aid': (t) => ({ params: { id: t.ppi, aid: t.ppiActivity } }),
  'POST /api/ppis/:id/update-ppi-required-activity': (t) => ({
    params: { id: t.ppi },
    payload: { activity: t.ppiActivity, is_required: false },
  }),
  'GET /api/ppis/:id/template-elements': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/map-template-elements/:z/:x/:y.pbf': (t) => ({ params: { id: t.ppi, ...t.tile } }),
  'POST /api/ppis/:id/link-elements': (t) => ({ params: { id: t.ppi }, payload: { filters: {} } }),
  'POST /api/ppis/:id/unlink-elements': (t) => ({ params: { id: t.ppi }, payload: { filters: {} } }),
  'POST /api/ppis/:id/logo/': (t) => {
    // The logo travels as the `logo` part.
    const boundary = 'heliotrack-sweep-logo';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return {
      params: { id: t.ppi },
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  },
  'DELETE /api/ppis/:id/delete-logo/': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/logo/': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/ppi-results': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/ppi-results/:rid/': (t) => ({ params: { id: t.ppi, rid: t.ppiResult } }),
  'GET /api/ppis/:id/ppi-results/:rid/other-roles-result': (t) => ({ params: { id: t.ppi, rid: t.ppiResult } }),
  'GET /api/ppis/:id/ppi-results/:rid/history/': (t) => ({ params: { id: t.ppi, rid: t.ppiResult } }),
  'PATCH /api/ppis/:id/ppi-results/:rid/update-result/': (t) => ({
    params: { id: t.ppi, rid: t.ppiResult },
    payload: { result: 'not_ok' },
  }),
  'POST /api/ppis/:id/bulk-update-results/': (t) => ({
    params: { id: t.ppi },
    payload: { activity: t.ppiActivity, element_ids: [t.module], result: 'ok' },
  }),
  'POST /api/ppis/:id/massive-activities-updates/': (t) => ({
    params: { id: t.ppi },
    payload: { element_ids: [t.module], activities: [{ activity: t.ppiActivity, result: 'ok' }] },
  }),
  'GET /api/ppis/:id/list-elements': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/map-results/:z/:x/:y.pbf': (t) => ({ params: { id: t.ppi, ...t.tile }, query: `activity=${t.ppiActivity}` }),
  'GET /api/ppis/:id/user-activities-summary': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/other-roles-activity-summary': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/other-roles-activity-detail': (t) => ({ params: { id: t.ppi }, query: `activity=${t.ppiActivity}` }),
  'GET /api/ppis/:id/activity-summary': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/role-summary': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/results-summary': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/detailed-results': (t) => ({ params: { id: t.ppi } }),
  'POST /api/ppis/:id/ppi-close': (t) => ({ params: { id: t.ppi } }),
  'POST /api/ppis/:id/ppi-reopen': (t) => ({ params: { id: t.ppi } }),
  'POST /api/ppis/:id/ppi-export': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/ppi-exports/': (t) => ({ params: { id: t.ppi } }),
  'GET /api/ppis/:id/ppi-exports/:eid/': (t) => ({ params: { id: t.ppi, eid: t.ppiExport } }),
  'GET /api/ppis/:id/ppi-exports/:eid/download/': (t) => ({ params: { id: t.ppi, eid: t.ppiExport }, query: 'format=pdf' }),
  'DELETE /api/ppis/:id/ppi-exports/:eid/': (t) => ({ params: { id: t.ppi, eid: t.ppiExport } }),
  'GET /api/plants/:id/templates/': (t) => ({ params: { id: t.plant } }),
  'GET /api/templates/:id/': (t) => ({ params: { id: t.template } }),
  'PUT /api/templates/:id/': (t, o) => ({
    params: { id: t.template },
    payload: { name: 'Intruso', element_type: o.moduleType, activities: [{ name: 'a', roles: ['CA'] }] },
  }),
  'DELETE /api/templates/:id/': (t) => ({ params: { id: t.template } }),
  'GET /api/templates/:id/activities': (t) => ({ params: { id: t.template } }),
};

/** A 1×1 PNG, for the logo upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const milestone = (o: Ours) => ({
  name: 'Intruso',
  element_type: o.moduleType,
  state: o.moduleState,
  target_count: 1,
  target_date: today,
});

/** Routes that are not swept, each with why. Ids in a body or a query are checked by their own suites. */
const EXEMPT: Record<string, string> = {
  'GET /api/public-config/': "public, no ids: the login page's settings (demo warning, password recovery)",
  'POST /api/token/': 'public: no ids',
  'POST /api/token/refresh/': 'public: no ids',
  'POST /api/token/logout/': 'public: no ids',
  'POST /api/user/password_reset/': 'public: no ids',
  'POST /api/user/password_reset/confirm/': 'public: no ids',
  'GET /api/openapi.json': 'public documentation',
  'GET /api/docs': 'public documentation',
  'GET /api/docs/static/*': 'public documentation',
  'GET /api/docs/static/index.html': 'public documentation',
  'GET /api/docs/static/swagger-initializer.js': 'public documentation',
  'GET /api/docs/json': 'public documentation',
  'GET /api/docs/yaml': 'public documentation',
  'GET /api/health/': 'public probe: no ids, no data (service.test.ts)',
  'GET /api/ready/': 'public probe: no ids, names only failing parts (service.test.ts)',
  'GET /api/metrics/': 'no ids: 404 unless METRICS=on, then counts only, behind METRICS_TOKEN when set (service.test.ts)',
  'GET /api/user/profile/': "no ids: the caller's own profile",
  'GET /api/user/client-inspections/': "no ids: the caller's organisation",
  'PUT /api/user/password_change/': "no ids: the caller's own password",
  'GET /api/user/dashboard-charts/': "no ids: the caller's own charts",
  'GET /api/app-version/': "no ids: the caller's organisation (app-version.test.ts)",
  'PUT /api/app-version/': "no ids: the caller's organisation (app-version.test.ts)",
  'PUT /api/user/dashboard-charts/':
    'no ids in the path: state ids in the body are checked by dashboard-charts.test.ts',
  'GET /api/plants/': 'no ids: lists what the caller may see (tenancy.test.ts)',
  'GET /api/user-roles': 'no ids: the fixed role list',
  'GET /api/client-users/': 'no ids: lists the organisation (tenancy.test.ts)',
  'POST /api/client-users/': 'no ids in the path: plant ids in the body are checked by user-plants.test.ts',
  'GET /api/client-users/client-plants/': 'no ids: lists the organisation (tenancy.test.ts)',
  'GET /api/dashboard/': 'no ids: sums what the caller may see (dashboard.test.ts)',
  'GET /api/elements-by-state/':
    "ids in the query: another organisation's plant is a 404 (dashboard.test.ts)",
  'GET /api/client-element-types': 'no ids: the organisation catalogue',
  'GET /api/client-states/': 'no ids: the organisation catalogue',
  'POST /api/client-states/':
    'no ids in the path: state and type ids in the body are checked by state-management.test.ts',
  'GET /api/client-state-groups/': 'no ids: the organisation catalogue',
  'POST /api/client-state-groups/':
    'no ids in the path: state ids in the body are checked by state-management.test.ts',
  'GET /api/contractors/': 'no ids: the organisation catalogue',
  'POST /api/contractors/': 'no ids',
  'GET /api/contractor-groups/': 'no ids: the organisation catalogue',
  'POST /api/contractor-groups/':
    'no ids in the path: contractor ids in the body are checked by contractors.test.ts',
  'GET /api/client-users/plant-rucs/':
    "ids in the query: another organisation's plant is a 404 (rucs.test.ts)",
  'GET /api/transaction-types/': 'no ids: the organisation catalogue',
  'POST /api/documents/':
    'no ids in the path: plant, change, flash report and equipment ids in the form are checked by documents.test.ts',
  'GET /api/flash-reports/': 'no ids in the path: lists what the caller may see (flash-reports.test.ts)',
  'POST /api/flash-reports/':
    'no ids in the path: the element id in the body is checked by flash-reports.test.ts',
  'GET /api/calibration-equipment/': 'no ids: the organisation list',
  'POST /api/calibration-equipment/': 'no ids',
  'GET /api/item-inventory/': 'no ids in the path: lists what the caller may see (item-inventory.test.ts)',
  'GET /api/ppis-admin-list': "no ids: the organisation's PPIs (ppis.test.ts)",
  'GET /api/client-ppi-plants': "no ids: the caller's plants with PPIs (ppis.test.ts)",
  'GET /api/client-ppi-users': "no ids: the organisation's users (ppis.test.ts)",
  'GET /api/user-linked-ppis': "no ids: the caller's own PPIs",
  'GET /api/templates/': "ids in the query: the organisation's templates (ppis.test.ts)",
  'POST /api/templates/':
    'no ids in the path: element type and plant ids in the body are checked by ppis.test.ts',
  'POST /api/templates/import/': 'no ids in the path: ids in the query are checked by ppis.test.ts',
};

describeEachDatabase('tenancy sweep over every route', (get) => {
  let theirs: Theirs;
  let ours: Ours;

  /** Every table with its row count, in one query; and a digest of every row, to catch updates too. */
  let tables: string[];
  const rowCounts = async () => {
    const union = sql.join(
      tables.map((t) => sql`select ${t} as t, count(*) as n from ${sql.table(t)}`),
      sql` union all `,
    );
    const { rows } = await sql<{ t: string; n: number | string }>`${union}`.execute(get().db);
    return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
  };
  const digest = async () => {
    const out: Record<string, string> = {};
    for (const t of tables) {
      const rows = await get()
        .db.selectFrom(t as 'plants')
        .selectAll()
        .execute();
      const lines = rows.map((r) => JSON.stringify(r)).sort();
      out[t] = createHash('sha256').update(lines.join('\n')).digest('hex');
    }
    return out;
  };

  beforeAll(async () => {
    const ctx = get();
    tables = (await ctx.db.introspection.getTables())
      .map((t) => t.name)
      .filter((t) => !t.startsWith('kysely_'))
      .sort();
    ours = await loadOurs(ctx);
    theirs = await makeTheirs(ctx);
    // Log the caller in now: its refresh token is the one write a sweep call may cause.
    await ctx.as(USERS.admin);
  });

  it('sweeps every route with an id in its path, and gives every other route a reason', () => {
    const routes = [...new Set(get().routes)].filter((r) => r.split(' ')[1].startsWith('/api'));
    const hasParams = (route: string) => route.includes(':');
    const unlisted = routes.filter((r) => !(r in SWEPT) && !(r in EXEMPT));
    expect(
      unlisted,
      `Routes without an entry: add each with path params to SWEPT in ${import.meta.filename} with a call using the other organisation's ids, or (with no ids in its path) to EXEMPT with a reason`,
    ).toEqual([]);
    expect(
      routes.filter((r) => r in EXEMPT && hasParams(r)),
      'EXEMPT routes with path params: sweep them',
    ).toEqual([]);
    const stale = [...Object.keys(SWEPT), ...Object.keys(EXEMPT)].filter((r) => !routes.includes(r));
    expect(stale, 'Entries for routes the app no longer has').toEqual([]);
  });

  it("answers 404 to the Demo Solar administrator for Otra Energía's ids in every path, writing nothing", async () => {
    const ctx = get();
    const before = await digest();
    const failures: string[] = [];
    for (const [route, call] of Object.entries(SWEPT)) {
      const [method, pattern] = route.split(' ') as [Method, string];
      const variants = [{ label: 'theirs', call: call(theirs, ours) }];
      // Our plant with their child (a RUC, an element, a milestone, a report): still not found.
      const childIds = Object.keys(variants[0].call.params).filter(
        (p) => !['id', 'type', 'z', 'x', 'y'].includes(p),
      );
      if (pattern.startsWith('/api/plants/:id/') && childIds.length > 0) {
        const mixed = call(theirs, ours);
        variants.push({
          label: 'our plant, their child',
          call: { ...mixed, params: { ...mixed.params, id: ours.plant } },
        });
      }
      for (const { label, call: c } of variants) {
        const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
          if (!(name in c.params)) throw new Error(`${route}: no value for :${name}`);
          return String(c.params[name]);
        });
        const url = c.query ? `${path}?${c.query}` : path;
        const counts = await rowCounts();
        const res = await ctx.call(method, url, { payload: c.payload as never, headers: c.headers });
        const written = Object.entries(await rowCounts()).filter(([t, n]) => counts[t] !== n);
        // A 404 of the resource ("No encontrado." or "No existe el hito 4 en esta planta."), never the unknown-route one.
        const isNotFound =
          res.status === 404 &&
          res.body?.code === 'not_found' &&
          !String(res.body.detail).startsWith('La ruta');
        if (!isNotFound || written.length > 0) {
          failures.push(
            `${method} ${url} (${label}): ${res.status} ${res.text.slice(0, 200)}${written.length ? `; rows changed in ${written.map(([t]) => t).join(', ')}` : ''}`,
          );
        }
      }
    }
    expect(failures, 'Expected 404 {detail, code: "not_found"} and no write').toEqual([]);
    // Row counts cannot see an UPDATE: every row of every table is as it was.
    const after = await digest();
    expect(
      Object.keys(after).filter((t) => after[t] !== before[t]),
      'tables whose rows changed',
    ).toEqual([]);
  });

  it('refuses every write to a viewer (role VI, the third identity) with 403, writing nothing; reads work', async () => {
    const ctx = get();
    const viewer = await createUser(ctx, { email: 'consulta@heliotrack.demo', roles: ['VI'], plants: [ours.plant] });
    // Its login writes a refresh token: before the digest.
    expect((await ctx.call('GET', `/api/plants/${ours.plant}/`, { as: viewer.email })).status).toBe(200);
    const before = await digest();
    const writes = [...new Set(ctx.routes)].filter(
      (r) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(r) && !VIEWER_MAY.has(r) && !/ \/api\/(token|user\/password_reset)\//.test(r),
    );
    expect(writes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of writes) {
      const [method, pattern] = route.split(' ') as [Method, string];
      // The refusal comes before the route reads its ids or body: any id of our organisation will do.
      const url = pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'type' ? 'modules' : name === 'id' ? String(ours.plant) : '1'));
      const res = await ctx.call(method, url, { as: viewer.email, payload: {} });
      if (res.status !== 403 || res.body?.code !== 'permission_denied') failures.push(`${route}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(failures, 'Expected 403 permission_denied').toEqual([]);
    const after = await digest();
    expect(Object.keys(after).filter((t) => after[t] !== before[t]), 'tables whose rows changed').toEqual([]);
  });
});

async function loadOurs(ctx: TestContext): Promise<Ours> {
  const { plant, type } = await seededPlantAndType(ctx, 'CAR-01', 'MOD');
  const state = await ctx.db
    .selectFrom('states')
    .select('id')
    .where('element_type_id', '=', type.id)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  const template = await ctx.db
    .selectFrom('ppi_templates')
    .select('id')
    .where('client_id', '=', plant.client_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { plant: plant.id, moduleType: type.id, moduleState: state.id, template: template.id };
}

/** Otra Energía's ids: the seed's plant, elements, catalogue, history and milestones, and the rest made by its administrator. */
async function makeTheirs(ctx: TestContext): Promise<Theirs> {
  const as = USERS.otherAdmin;
  const made = async (method: Method, url: string, payload?: unknown, headers?: Record<string, string>) => {
    const res = await ctx.call(method, url, { as, payload: payload as never, headers });
    if (res.status >= 300) throw new Error(`${method} ${url} as ${as}: ${res.status} ${res.text}`);
    return res.body as { id: number };
  };
  const finished = async (url: string) => {
    for (let i = 0; i < 600; i++) {
      const { body } = await ctx.call('GET', url, { as });
      if (body.status === 'done' || body.status === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`report ${url} did not finish`);
  };
  const { plant, type: moduleType } = await seededPlantAndType(ctx, 'ECI-01', 'MOD');
  const client = plant.client_id;
  const module = await ctx.db
    .selectFrom('elements')
    .selectAll()
    .where('plant_id', '=', plant.id)
    .where('type_id', '=', moduleType.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const state = await ctx.db
    .selectFrom('states')
    .select('id')
    .where('client_id', '=', client)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const stateGroup = await ctx.db
    .selectFrom('state_groups')
    .select('id')
    .where('client_id', '=', client)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', as)
    .executeTakeFirstOrThrow();
  const change = await ctx.db
    .selectFrom('state_change_elements')
    .innerJoin('state_changes', 'state_changes.id', 'state_change_elements.state_change_id')
    .select(['state_changes.id', 'state_change_elements.element_id'])
    .where('state_changes.plant_id', '=', plant.id)
    .orderBy('state_changes.id')
    .executeTakeFirstOrThrow();
  const milestone = await ctx.db
    .selectFrom('milestones')
    .select('id')
    .where('plant_id', '=', plant.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const contractor = await made('POST', '/api/contractors/', { name: 'Contrata ajena' });
  const contractorGroup = await made('POST', '/api/contractor-groups/', {
    name: 'Grupo ajeno',
    contractors: [contractor.id],
  });
  const ruc = await made('POST', `/api/plants/${plant.id}/rucs/`, { name: 'RUC ajeno' });
  const pdf = { name: 'ajeno.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') };
  const changeForm = multipart([['plant_id', String(plant.id)], ['transaction_id', String(change.id)], pdf]);
  const changeDocument = await made('POST', '/api/documents/', changeForm.payload, changeForm.headers);
  const flashReport = await made('POST', '/api/flash-reports/', {
    element: module.id,
    title: 'Incidencia ajena',
    severity: 'low',
  });
  const equipment = await made('POST', '/api/calibration-equipment/', {
    name: 'Equipo ajeno',
    calibration_date: today,
    expiry_date: today,
  });
  const equipmentForm = multipart([['equipment_id', String(equipment.id)], pdf]);
  const equipmentDocument = await made(
    'POST',
    '/api/documents/',
    equipmentForm.payload,
    equipmentForm.headers,
  );
  const report = await made('POST', `/api/plants/${plant.id}/reports/`, {});
  await finished(`/api/plants/${plant.id}/reports/${report.id}/`);
  const historicReport = await made('POST', `/api/plants/${plant.id}/historic-reports/`, {});
  await finished(`/api/plants/${plant.id}/historic-reports/${historicReport.id}/`);

  const ppi = await ctx.db
    .selectFrom('ppis')
    .select('id')
    .where('plant_id', '=', plant.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ppiActivity = await ctx.db
    .selectFrom('ppi_activities')
    .select('id')
    .where('ppi_id', '=', ppi.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const template = await ctx.db
    .selectFrom('ppi_templates')
    .select('id')
    .where('client_id', '=', client)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ppiElement = await ctx.db
    .selectFrom('ppi_elements')
    .select('element_id')
    .where('ppi_id', '=', ppi.id)
    .orderBy('element_id')
    .executeTakeFirstOrThrow();
  await made('POST', `/api/ppis/${ppi.id}/bulk-update-results/`, {
    activity: ppiActivity.id,
    element_ids: [ppiElement.element_id],
    result: 'ok',
  });
  const ppiResult = await ctx.db
    .selectFrom('ppi_results')
    .select('id')
    .where('ppi_id', '=', ppi.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ppiExport = await made('POST', `/api/ppis/${ppi.id}/ppi-export`);
  await finished(`/api/ppis/${ppi.id}/ppi-exports/${ppiExport.id}/`);

  const now = new Date().toISOString();
  const syncReview = await ctx.db
    .insertInto('sync_reviews')
    .values({
      client_id: client,
      plant_id: plant.id,
      kind: 'refused',
      user_id: user.id,
      element_type_id: module.type_id,
      state_id: state.id,
      element_ids: JSON.stringify([module.id]),
      element_count: 1,
      observed_at: now,
      received_at: now,
      state_change_id: null,
      met_state_change_id: null,
      refused_uuid: 'sweep-refused-0001',
      reason_code: 'state_not_recordable',
      reason: 'Ajeno',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const imageryLayer = await made('POST', `/api/plants/${plant.id}/imagery/`, { name: 'Vuelo ajeno', format: 'pmtiles', size: 10 });

  const [lon, lat] = centroid(parseWkt(module.geom!));
  const { x, y } = lonLatToTile(lon, lat, 18);
  return {
    syncReview: syncReview.id,
    imageryLayer: imageryLayer.id,
    ppi: ppi.id,
    ppiActivity: ppiActivity.id,
    ppiResult: ppiResult.id,
    ppiExport: ppiExport.id,
    template: template.id,
    plant: plant.id,
    module: module.id,
    state: state.id,
    stateGroup: stateGroup.id,
    contractor: contractor.id,
    contractorGroup: contractorGroup.id,
    user: user.id,
    ruc: ruc.id,
    stateChange: change.id,
    changedElement: change.element_id,
    changeDocument: changeDocument.id,
    flashReport: flashReport.id,
    equipment: equipment.id,
    equipmentDocument: equipmentDocument.id,
    milestone: milestone.id,
    report: report.id,
    historicReport: historicReport.id,
    tile: { z: 18, x, y },
  };
}
