import { STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';

/*
 * The offline-answered paths (specification section 7), apart from the code that answers them: the
 * registry holds these from start-up, and each handler's module (the local store, the domain's
 * schemas) loads on its first call, out of the main bundle.
 */

/** The path segment of element endpoints: a standard type's plural, or extra-elements with `element_type`. */
export const TYPE_SEGMENT = `(${[...STANDARD_ELEMENT_TYPES.map((t) => t.plural), 'extra-elements'].join('|')})`;

const elementPath = (suffix: string) => new RegExp(`^plants/(\\d+)/${TYPE_SEGMENT}/${suffix}$`, 'i');

export const PATHS = {
  plants: 'plants/',
  plant: 'plants/:plantId/',
  contractors: 'plants/:plantId/contractors/',
  elementTypes: 'plants/:plantId/element-types/',
  states: 'plants/:plantId/states/',
  transactionTypes: 'transaction-types/',
  elementList: elementPath('?'),
  elementIds: elementPath('ids/?'),
  byPolygon: elementPath('by-polygon/?'),
  elementDetail: elementPath('(\\d+)/?'),
  stateChange: elementPath('(\\d+)/state-change/?'),
  massiveStateChange: elementPath('massive-state-change/?'),
  serialScan: 'plants/:plantId/serial-scan/',
  documents: 'documents/',
  linkedPpis: 'user-linked-ppis',
  adminPpis: 'ppis-admin-list',
  ppiPermissions: 'ppis/:ppiId/user-ppi-permissions',
  equipment: 'calibration-equipment/',
  ppiElements: 'ppis/:ppiId/list-elements',
  ppiResults: 'ppis/:ppiId/ppi-results',
  ppiResult: 'ppis/:ppiId/ppi-results/:resultId/',
  updateResult: 'ppis/:ppiId/ppi-results/:resultId/update-result/',
  otherRolesResult: 'ppis/:ppiId/ppi-results/:resultId/other-roles-result',
  ppi: 'ppis/:ppiId',
  activity: 'ppis/:ppiId/activities/:activityId',
  activitySummary: 'ppis/:ppiId/activity-summary',
  userActivitiesSummary: 'ppis/:ppiId/user-activities-summary',
  otherRolesSummary: 'ppis/:ppiId/other-roles-activity-summary',
  bulkResults: 'ppis/:ppiId/bulk-update-results/',
  massiveResults: 'ppis/:ppiId/massive-activities-updates/',
} as const;

/** The path's groups (plant id, type segment, element id…), or null. */
export function groupsOf(pattern: RegExp, path: string): string[] | null {
  const match = pattern.exec(path);
  return match ? match.slice(1) : null;
}
