import type { Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import type { PlantRow } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { detectEpsg, LAYOUT_EPSG_CODES, projectionTo4326 } from './crs';
import { readDxf } from './dxf-layout';
import { readKml, readKmz } from './kml-layout';
import { describeSource, type LayoutFile, LayoutFileError, type LayoutFileFormat } from './layout-file';
import { defaultCodeSource, fileExtent, fileFeatures } from './layout-file-features';
import { listElementTypeIds, listLayerMappings, saveLayerMappings } from './layout-import.repository';
import type { LayoutFileImportBody, LayoutFileImportResult } from './layout-import.schemas';
import { featureErrorMessage, importLayout, MAX_LISTED_ERRORS } from './layout-import';

/*
 * DXF, KML and KMZ layouts (issue 37): read the file, list its layers for the mapping step, and
 * import the mapped layers through the same plan and write as GeoJSON (importLayout), so the
 * preview, the all-or-nothing rule and the version bump are those of every import.
 */

/** Features drawn by a dry run's map preview; a larger layout previews its first ones. */
export const MAX_PREVIEW_FEATURES = 20_000;
const MAX_400_ERRORS = 100;

/** KMZ shares the KML mappings: the same folders travel in either. */
const mappingFormat = (format: LayoutFileFormat) => (format === 'dxf' ? 'dxf' : 'kml');

const fileError = (error: LayoutFileError) =>
  new ApiError(400, (language) => ({ content: [error.messageIn(language)] }));

export async function readLayoutFile(format: LayoutFileFormat, base64: string): Promise<LayoutFile> {
  const bytes = Buffer.from(base64, 'base64');
  try {
    if (format === 'kmz') return await readKmz(bytes);
    const text = bytes.toString('utf8');
    return format === 'dxf' ? readDxf(text) : readKml(text);
  } catch (error) {
    if (error instanceof LayoutFileError) throw fileError(error);
    throw error;
  }
}

/** The layers of a file with their counts, geometry types and attributes, and what the organisation chose for each last time. */
export async function inspectLayoutFile(db: Db, plant: PlantRow, format: LayoutFileFormat, base64: string) {
  const file = await readLayoutFile(format, base64);
  const remembered = new Map(
    (await listLayerMappings(db, plant.client_id, mappingFormat(format))).map((m) => [m.layer, m]),
  );
  const layers = new Map<string, { count: number; types: Set<string>; attributes: Set<string> }>();
  for (const item of file.items) {
    let layer = layers.get(item.layer);
    if (!layer) layers.set(item.layer, (layer = { count: 0, types: new Set(), attributes: new Set() }));
    layer.count++;
    layer.types.add(item.geometry.type);
    for (const key of Object.keys(item.attributes)) layer.attributes.add(key);
  }
  const textLayers = new Map<string, number>();
  for (const t of file.texts) textLayers.set(t.layer, (textLayers.get(t.layer) ?? 0) + 1);
  const fallback = defaultCodeSource(mappingFormat(format));
  return {
    format,
    detected_epsg: file.epsg ?? detectEpsg(fileExtent(file.items), plant.longitude),
    epsg_choices: LAYOUT_EPSG_CODES,
    layers: [...layers].map(([name, l]) => ({
      name,
      count: l.count,
      geometry_types: [...l.types].sort(),
      attributes: [...l.attributes].sort(),
      element_type: remembered.get(name)?.element_type ?? null,
      code_source: remembered.get(name)?.code_source || fallback,
    })),
    text_layers: [...textLayers].map(([name, count]) => ({ name, count })),
  };
}

export async function importLayoutFile(
  db: Db,
  plant: PlantRow,
  body: LayoutFileImportBody,
  dryRun: boolean,
  language: Language,
) {
  const file = await readLayoutFile(body.format, body.content);
  const epsg = body.epsg ?? file.epsg ?? detectEpsg(fileExtent(file.items), plant.longitude);
  if (epsg === null || !LAYOUT_EPSG_CODES.includes(epsg)) {
    throw new ApiError(400, (lang) => ({ epsg: [translate(lang, 'layoutFile.epsgRequired')] }));
  }
  if (!Object.values(body.layers).some((l) => l.element_type)) {
    throw new ApiError(400, (lang) => ({ layers: [translate(lang, 'layoutFile.noLayerMapped')] }));
  }
  const format = mappingFormat(body.format);
  const { features, sources } = fileFeatures(
    file,
    body.layers,
    defaultCodeSource(format),
    projectionTo4326(epsg),
  );
  const outcome = await importLayout(db, plant, { type: 'FeatureCollection', features }, { dryRun });
  const where = (index: number) => describeSource(sources[index], language);
  if (!dryRun && outcome.errors.length > 0) {
    throw new ApiError(400, (lang) => {
      const errors: Record<string, string[]> = {};
      for (const e of outcome.errors.slice(0, MAX_400_ERRORS)) {
        (errors[`features.${e.index}`] ??= []).push(
          `${describeSource(sources[e.index], lang)}: ${featureErrorMessage(e, lang)}`,
        );
      }
      if (outcome.errors.length > MAX_400_ERRORS)
        errors.non_field_errors = [
          translate(lang, 'layoutImport.moreErrors', { count: outcome.errors.length - MAX_400_ERRORS }),
        ];
      return errors;
    });
  }
  if (outcome.written) {
    // Remembered once written: a preview of a wrong mapping should not become the next file's default.
    const typeIds = new Map(
      (await listElementTypeIds(db, plant.client_id)).map((t) => [t.code.toUpperCase(), t.id]),
    );
    const rows = Object.entries(body.layers).map(([layer, choice]) => ({
      layer,
      element_type_id: choice.element_type ? (typeIds.get(choice.element_type.toUpperCase()) ?? null) : null,
      code_source: choice.code_source ?? '',
    }));
    await saveLayerMappings(db, plant.client_id, format, rows, nowIso());
  }
  const result: LayoutFileImportResult = {
    ...outcome.summary,
    errors: outcome.errors
      .slice(0, MAX_LISTED_ERRORS)
      .map((e) => ({
        index: e.index,
        code: e.code,
        message: featureErrorMessage(e, language),
        source: where(e.index),
      })),
  };
  if (dryRun) {
    const failed = new Set(outcome.errors.map((e) => e.index));
    const shown = features.filter((_, index) => !failed.has(index)).slice(0, MAX_PREVIEW_FEATURES);
    result.preview = {
      type: 'FeatureCollection',
      features: shown.map((f) => ({
        ...f,
        properties: { element_type: f.properties.element_type.toUpperCase(), code: f.properties.code },
      })),
    };
  }
  return { result, written: outcome.written };
}
