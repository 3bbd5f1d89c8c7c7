import { z } from 'zod';

export const DashboardPlant = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  power: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  element_count: z.number().int(),
});

export const ElementTypeCount = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

export const Dashboard = z.object({
  plant_count: z.number().int(),
  total_power: z.number(),
  module_count: z.number().int(),
  element_count: z.number().int(),
  elements_by_type: z.array(ElementTypeCount),
  plants: z.array(DashboardPlant),
});
export type Dashboard = z.infer<typeof Dashboard>;
