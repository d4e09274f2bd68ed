/** The dialog's image groups: its series, or every image as one group when few (spec 2 §9). */
import { groupAllImages } from '../../../../domain/report-images/report-images';
import { type PreviewSeries, instanceThumbnail } from './api';
import type { Picked } from './selection';

export interface Tile extends Picked {
  label: string;
  thumbnail: string;
}

export interface Group {
  id: string;
  title: string;
  count: number;
  thumbnail: string | null;
  tiles: Tile[];
}

/** Series as groups, or every image as one group 'Todas as imagens' when few (spec 2 §9). */
export function groupsOf(
  series: PreviewSeries[],
  maxAdjacent: number,
  allTitle: string,
  label: (s: number, i: number) => string,
): Group[] {
  const tilesOf = (s: PreviewSeries, si: number): Tile[] =>
    s.instances.map((inst, ii) => ({
      imageKey: inst.imageKey,
      frame: 1,
      // The DICOM numbers, as the PDF's captions print them (positions when absent).
      label: label(s.seriesNumber ?? si + 1, inst.instanceNumber ?? ii + 1),
      thumbnail: instanceThumbnail(inst.url),
    }));
  const total = series.reduce((n, s) => n + s.instances.length, 0);
  if (groupAllImages(total, maxAdjacent)) {
    return [{ id: 'all', title: allTitle, count: total, thumbnail: null, tiles: series.flatMap(tilesOf) }];
  }
  return series.map((s, si) => ({
    id: s.seriesId,
    title: s.description || s.modality || `#${si + 1}`,
    count: s.instances.length,
    thumbnail: s.url,
    tiles: tilesOf(s, si),
  }));
}
