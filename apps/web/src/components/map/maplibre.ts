import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 finds its worker beside its own module; bundled, that place does not exist, so the
// worker file is emitted as an asset of the build and named here.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);

/**
 * Every map of the app imports MapLibre through this module, so the worker is set up once. Import it
 * only from lazily loaded code: MapLibre is about 250 KB gzipped and stays out of the main bundle.
 */
export { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, ScaleControl } from 'maplibre-gl';
export type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSource,
  LngLatBoundsLike,
  MapGeoJSONFeature,
  MapMouseEvent,
  RasterTileSource,
  RequestTransformFunction,
  StyleSpecification,
  VectorTileSource,
} from 'maplibre-gl';
