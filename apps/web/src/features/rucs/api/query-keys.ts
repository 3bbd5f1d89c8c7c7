/**
 * Query keys of the RUCs feature: everything of a plant's RUCs lives under `plant(plantId)`, its
 * list under `list`, each RUC under `detail`. A write invalidates the plant's root or its list.
 */
export const rucKeys = {
  plant: (plantId: number) => ['rucs', plantId] as const,
  list: (plantId: number) => ['rucs', plantId, 'list'] as const,
  detail: (plantId: number, rucId: number) => ['rucs', plantId, 'detail', rucId] as const,
};
