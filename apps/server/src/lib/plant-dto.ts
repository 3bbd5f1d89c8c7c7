import type { Plant } from '@heliotrack/domain/plants';
import { fromFlag } from '../db/dialect';
import type { PlantRow } from '../db/schema';

/** A plant as every answer shows it (plants, catalogues, state management, offline downloads). */
export function toPlantDto(row: PlantRow, elementCount: number): Plant {
  return {
    id: row.id,
    client: row.client_id,
    structure_type: row.structure_type,
    code: row.code,
    name: row.name,
    power: row.power,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    logo_url: row.logo_url,
    image_url: row.image_url,
    mapbox_url: row.mapbox_url,
    token_url: row.token_url,
    start_date: row.start_date,
    state_group: row.state_group_id,
    contractor_group: row.contractor_group_id,
    is_serial_scan_enable: fromFlag(row.is_serial_scan_enable),
    element_count: elementCount,
    elements_version: row.elements_version,
  };
}
