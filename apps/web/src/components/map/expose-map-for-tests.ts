import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** The plant map of the elements, for automated browser tests only. */
    __heliotrackMap?: MapLibreMap;
    /** The dashboard's situation map, for automated browser tests only. */
    __heliotrackSituationMap?: MapLibreMap;
  }
}

type ExposedMap = '__heliotrackMap' | '__heliotrackSituationMap';

/**
 * Lets an automated browser (navigator.webdriver is true) read what a map draws; a person's browser
 * never gets it. Returns what takes it away again when the map goes.
 */
export function exposeMapForTests(name: ExposedMap, map: MapLibreMap): () => void {
  if (!navigator.webdriver) return () => {};
  window[name] = map;
  return () => {
    if (window[name] === map) delete window[name];
  };
}
