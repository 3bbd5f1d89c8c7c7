/*
 * The operationId of every route, as `METHOD url` with Fastify's `:params` (the same spelling as the
 * tenancy sweep). Client generators (openapi-typescript, orval, openapi-generator) name functions and
 * types after these, so they are part of the API: never rename one that has been published.
 *
 * Naming: verb + resource, the resource's parent first (`listPlantMilestones`, `getPlantMilestone`);
 * `list`/`get`/`create`/`update` (PUT and PATCH)/`delete`, or the action's own verb
 * (`massiveStateChange…`, `linkPpiElements`). In the `plants/:id/:type/…` routes, `{Type}` and
 * `{Types}` stand for each element type the path serves (openapi/element-type-paths.ts):
 * `listPlantModules`, `getPlantModule`, `massiveStateChangeModules`.
 *
 * test/api-docs.test.ts fails for a route missing here, so a new route gets its name when it is added.
 */
export const OPERATION_IDS: Record<string, string> = {
  // auth
  'POST /api/token/': 'obtainToken',
  'GET /api/public-config/': 'getPublicConfig',
  'POST /api/token/refresh/': 'refreshToken',
  'POST /api/token/logout/': 'logout',
  'GET /api/user/profile/': 'getUserProfile',
  'PUT /api/user/password_change/': 'changePassword',
  'POST /api/user/password_reset/': 'requestPasswordReset',
  'POST /api/user/password_reset/confirm/': 'confirmPasswordReset',
  'GET /api/user/client-inspections/': 'listUserClientInspections',

  // plants and users
  'GET /api/plants/': 'listPlants',
  'GET /api/plants/:id/': 'getPlant',
  'POST /api/plants/:id/import-layout/': 'importPlantLayout',
  'POST /api/plants/:id/import-layout/file/inspect/': 'inspectPlantLayoutFile',
  'POST /api/plants/:id/import-layout/file/': 'importPlantLayoutFile',
  'GET /api/plants/:id/imagery/': 'listPlantImageryLayers',
  'POST /api/plants/:id/imagery/': 'createPlantImageryLayer',
  'PUT /api/plants/:id/imagery/:layerId/content': 'uploadPlantImageryLayerContent',
  'PATCH /api/plants/:id/imagery/:layerId/': 'updatePlantImageryLayer',
  'DELETE /api/plants/:id/imagery/:layerId/': 'deletePlantImageryLayer',
  'GET /api/plants/:id/imagery/:layerId/offline/': 'estimatePlantImageryOffline',
  'GET /api/plants/:id/imagery/:layerId/:z/:x/:y': 'getPlantImageryTile',
  'GET /api/user-roles': 'listUserRoles',
  'GET /api/client-users/': 'listClientUsers',
  'POST /api/client-users/': 'createClientUser',
  'GET /api/client-users/client-plants/': 'listClientUserPlantChoices',
  'GET /api/client-users/:id': 'getClientUser',
  'PUT /api/client-users/:id/': 'updateClientUser',
  'POST /api/client-users/:id/revoke-sessions/': 'revokeClientUserSessions',
  'GET /api/client-users/:id/plants/': 'listClientUserPlants',
  'POST /api/client-users/:id/authorized-plants/': 'setClientUserAuthorizedPlants',
  'GET /api/client-users/plant-rucs/': 'listClientUserRucChoices',
  'GET /api/client-users/:id/rucs/': 'listClientUserRucs',
  'POST /api/client-users/:id/authorized-rucs/': 'setClientUserAuthorizedRucs',

  // dashboard
  'GET /api/dashboard/': 'getDashboard',
  'GET /api/plants/:id/elements-ok/': 'getPlantElementsOk',
  'GET /api/elements-by-state/': 'countElementsByState',
  'GET /api/user/dashboard-charts/': 'listDashboardCharts',
  'PUT /api/user/dashboard-charts/': 'replaceDashboardCharts',

  // state management
  'GET /api/client-element-types': 'listClientElementTypes',
  'GET /api/client-states/': 'listClientStates',
  'POST /api/client-states/': 'createClientState',
  'GET /api/client-states/:id/': 'getClientState',
  'PATCH /api/client-states/:id/': 'updateClientState',
  'DELETE /api/client-states/:id/': 'deleteClientState',
  'GET /api/client-state-groups/': 'listClientStateGroups',
  'POST /api/client-state-groups/': 'createClientStateGroup',
  'GET /api/client-state-groups/:id/': 'getClientStateGroup',
  'PUT /api/client-state-groups/:id/': 'updateClientStateGroup',
  'DELETE /api/client-state-groups/:id/': 'deleteClientStateGroup',
  'POST /api/plants/:id/update-states-group/': 'setPlantStateGroup',
  'GET /api/plants/:id/valid-state-groups/': 'listPlantValidStateGroups',

  // contractors
  'GET /api/contractors/': 'listContractors',
  'POST /api/contractors/': 'createContractor',
  'GET /api/contractors/:id/': 'getContractor',
  'PUT /api/contractors/:id/': 'updateContractor',
  'DELETE /api/contractors/:id/': 'deleteContractor',
  'GET /api/contractor-groups/': 'listContractorGroups',
  'POST /api/contractor-groups/': 'createContractorGroup',
  'GET /api/contractor-groups/:id/': 'getContractorGroup',
  'PUT /api/contractor-groups/:id/': 'updateContractorGroup',
  'DELETE /api/contractor-groups/:id/': 'deleteContractorGroup',

  // RUCs
  'GET /api/plants/:id/rucs/': 'listPlantRucs',
  'POST /api/plants/:id/rucs/': 'createPlantRuc',
  'GET /api/plants/:id/rucs/:rucId/': 'getPlantRuc',
  'PUT /api/plants/:id/rucs/:rucId/': 'updatePlantRuc',
  'DELETE /api/plants/:id/rucs/:rucId/': 'deletePlantRuc',
  'PUT /api/plants/:id/rucs/:rucId/update-states/': 'setPlantRucStates',

  // maps
  'GET /api/plants/:id/:type/by-polygon': 'listPlant{Types}InPolygon',
  'GET /api/plants/:id/extra-elements/by-polygon': 'listPlantExtraElementsInPolygon',
  'GET /api/plants/:id/tiles/:z/:x/:y.pbf': 'getPlantTile',
  'GET /api/plants/:id/tiles/bounds': 'getPlantTileBounds',

  // catalogues
  'GET /api/plants/:id/element-types/': 'listPlantElementTypes',
  'GET /api/transaction-types/': 'listTransactionTypes',
  'GET /api/plants/:id/states/': 'listPlantStates',
  'GET /api/plants/:id/contractors/': 'listPlantContractors',
  'POST /api/plants/:id/update-contractors-group/': 'setPlantContractorGroup',

  // elements and state changes
  'GET /api/plants/:id/extra-elements/': 'listPlantExtraElements',
  'GET /api/plants/:id/elements/': 'listPlantElements',
  'GET /api/plants/:id/elements/export/': 'exportPlantElements',
  'GET /api/plants/:id/:type/': 'listPlant{Types}',
  'GET /api/plants/:id/:type/ids/': 'listPlant{Type}Ids',
  'GET /api/plants/:id/extra-elements/ids/': 'listPlantExtraElementIds',
  'GET /api/plants/:id/:type/:elementId/': 'getPlant{Type}',
  'POST /api/plants/:id/:type/:elementId/state-change/': 'change{Type}State',
  'POST /api/plants/:id/:type/massive-state-change/': 'massiveStateChange{Types}',
  'GET /api/elements/:id/state-changes/': 'listElementStateChanges',
  'GET /api/plants/:id/sync-reviews/': 'listPlantSyncReviews',
  'POST /api/plants/:id/sync-reviews/:reviewId/resolve/': 'resolvePlantSyncReview',
  'GET /api/item-inventory/': 'listItemInventory',

  // offline
  'GET /api/plants/:id/sync/': 'syncPlant',
  'POST /api/plants/:id/sync/elements/': 'syncPlantElements',

  // documents
  'POST /api/documents/': 'uploadDocument',
  'GET /api/documents/:id/download/': 'downloadDocument',
  'DELETE /api/documents/:id/': 'deleteDocument',
  'POST /api/elements/:id/state-changes/:scId/delete-document/:docId/': 'deleteStateChangeDocument',

  // flash reports
  'GET /api/flash-reports/': 'listFlashReports',
  'POST /api/flash-reports/': 'createFlashReport',
  'GET /api/flash-reports/:id/': 'listElementFlashReports',
  'PUT /api/flash-reports/:id/': 'updateFlashReport',
  'DELETE /api/flash-reports/:id/': 'deleteFlashReport',
  'GET /api/flash-reports/:id/details': 'getFlashReport',

  // calibration equipment
  'GET /api/calibration-equipment/': 'listCalibrationEquipment',
  'POST /api/calibration-equipment/': 'createCalibrationEquipment',
  'GET /api/calibration-equipment/:id/': 'getCalibrationEquipment',
  'PUT /api/calibration-equipment/:id/': 'updateCalibrationEquipment',
  'POST /api/calibration-equipment/:id/delete-document/:docId/': 'deleteCalibrationEquipmentDocument',

  // planning
  'GET /api/plants/:id/milestones/': 'listPlantMilestones',
  'POST /api/plants/:id/milestones/': 'createPlantMilestone',
  'GET /api/plants/:id/milestones/:milestoneId/': 'getPlantMilestone',
  'PUT /api/plants/:id/milestones/:milestoneId/': 'updatePlantMilestone',
  'DELETE /api/plants/:id/milestones/:milestoneId/': 'deletePlantMilestone',
  'GET /api/plants/:id/milestones/:milestoneId/followup/': 'getPlantMilestoneFollowup',

  // reports
  'GET /api/plants/:id/reports/': 'listPlantReports',
  'POST /api/plants/:id/reports/': 'createPlantReport',
  'GET /api/plants/:id/reports/:reportId/': 'getPlantReport',
  'DELETE /api/plants/:id/reports/:reportId/': 'deletePlantReport',
  'GET /api/plants/:id/reports/:reportId/download/': 'downloadPlantReport',
  'GET /api/plants/:id/historic-reports/': 'listPlantHistoricReports',
  'POST /api/plants/:id/historic-reports/': 'createPlantHistoricReport',
  'GET /api/plants/:id/historic-reports/:reportId/': 'getPlantHistoricReport',
  'DELETE /api/plants/:id/historic-reports/:reportId/': 'deletePlantHistoricReport',
  'GET /api/plants/:id/historic-reports/:reportId/download/': 'downloadPlantHistoricReport',

  // PPI templates
  'GET /api/plants/:id/templates/': 'listPlantTemplates',
  'GET /api/templates/': 'listTemplates',
  'POST /api/templates/': 'createTemplate',
  'POST /api/templates/import/': 'importTemplate',
  'GET /api/templates/:id/': 'getTemplate',
  'PUT /api/templates/:id/': 'updateTemplate',
  'DELETE /api/templates/:id/': 'deleteTemplate',
  'GET /api/templates/:id/activities': 'listTemplateActivities',

  // PPIs
  'GET /api/ppis-admin-list': 'listAllPpis',
  'GET /api/plants/:id/ppis/': 'listPlantPpis',
  'POST /api/plants/:id/ppis/': 'createPlantPpi',
  'GET /api/plants/:id/ppis/:ppiId/': 'getPlantPpi',
  'PUT /api/plants/:id/ppis/:ppiId/': 'updatePlantPpi',
  'DELETE /api/plants/:id/ppis/:ppiId/': 'deletePlantPpi',
  'GET /api/ppis/:id': 'getPpi',
  'GET /api/client-ppi-plants': 'listPpiPlants',
  'GET /api/client-ppi-users': 'listPpiUserChoices',
  'GET /api/user-linked-ppis': 'listUserLinkedPpis',
  'GET /api/ppis/:id/user-ppi-permissions': 'getPpiPermissions',
  'GET /api/ppis/:id/activities-list': 'listPpiActivities',
  'GET /api/ppis/:id/required-activities-list/': 'listPpiRequiredActivities',
  'GET /api/ppis/:id/activities/:aid': 'getPpiActivity',
  'POST /api/ppis/:id/update-ppi-required-activity': 'setPpiActivityRequired',
  'GET /api/ppis/:id/template-elements': 'listPpiElements',
  'GET /api/ppis/:id/map-template-elements/:z/:x/:y.pbf': 'getPpiTile',
  'POST /api/ppis/:id/link-elements': 'linkPpiElements',
  'POST /api/ppis/:id/unlink-elements': 'unlinkPpiElements',
  'POST /api/ppis/:id/logo/': 'uploadPpiLogo',
  'GET /api/ppis/:id/logo/': 'getPpiLogo',
  'DELETE /api/ppis/:id/delete-logo/': 'deletePpiLogo',

  // PPI results (issue "PPIs II")
  'GET /api/ppis/:id/map-results/:z/:x/:y.pbf': 'getPpiResultTile',
  'GET /api/ppis/:id/ppi-results': 'listPpiResults',
  'GET /api/ppis/:id/ppi-results/:rid/': 'getPpiResult',
  'GET /api/ppis/:id/ppi-results/:rid/other-roles-result': 'getOtherRolePpiResult',
  'PATCH /api/ppis/:id/ppi-results/:rid/update-result/': 'updatePpiResult',
  'GET /api/ppis/:id/ppi-results/:rid/history/': 'listPpiResultHistory',
  'POST /api/ppis/:id/bulk-update-results/': 'bulkUpdatePpiResults',
  'POST /api/ppis/:id/massive-activities-updates/': 'massiveUpdatePpiActivities',
  'GET /api/ppis/:id/list-elements': 'listPpiElementResults',
  'GET /api/ppis/:id/user-activities-summary': 'getUserPpiActivitiesSummary',
  'GET /api/ppis/:id/other-roles-activity-summary': 'getOtherRolesPpiActivitiesSummary',
  'GET /api/ppis/:id/other-roles-activity-detail': 'listOtherRolePpiActivityResults',
  'GET /api/ppis/:id/activity-summary': 'getPpiActivitySummary',
  'GET /api/ppis/:id/role-summary': 'getPpiRoleSummary',
  'GET /api/ppis/:id/results-summary': 'getPpiResultsSummary',
  'GET /api/ppis/:id/detailed-results': 'getPpiDetailedResults',
  'POST /api/ppis/:id/ppi-close': 'closePpi',
  'POST /api/ppis/:id/ppi-reopen': 'reopenPpi',
  'POST /api/ppis/:id/ppi-export': 'createPpiExport',
  'GET /api/ppis/:id/ppi-exports/': 'listPpiExports',
  'GET /api/ppis/:id/ppi-exports/:eid/': 'getPpiExport',
  'GET /api/ppis/:id/ppi-exports/:eid/download/': 'downloadPpiExport',
  'DELETE /api/ppis/:id/ppi-exports/:eid/': 'deletePpiExport',

  // native app
  'GET /api/app-version/': 'getAvailableAppVersion',
  'PUT /api/app-version/': 'publishAppVersion',

  // serial scanning
  'POST /api/plants/:id/serial-scan/': 'scanPlantSerials',
  'GET /api/plants/:id/delivered-serials/': 'listPlantDeliveredSerials',
  'GET /api/plants/:id/delivered-serials/all/': 'listAllPlantDeliveredSerials',
  'POST /api/plants/:id/delivered-serials/import/': 'importPlantDeliveredSerials',
  'DELETE /api/plants/:id/delivered-serials/': 'deletePlantDeliveredSerials',

  // service probes (plugins/health.ts, plugins/metrics.ts)
  'GET /api/health/': 'getHealth',
  'GET /api/ready/': 'getReadiness',
  'GET /api/metrics/': 'getMetrics',
};
