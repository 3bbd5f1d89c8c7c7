import type { Plant } from '@heliotrack/domain/plants';

/** Lower case without accents, so 'almeria' finds 'Almería'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Plants whose name or code contains every word of the search. */
export function filterPlants(plants: Plant[], search: string): Plant[] {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return plants;
  return plants.filter((plant) => {
    const haystack = foldText(`${plant.name} ${plant.code}`);
    return words.every((word) => haystack.includes(word));
  });
}
