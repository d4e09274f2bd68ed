import { describe, expect, it } from '@jest/globals';
import { viewerGrid, windowPresets } from '../../../../domain/studies/viewer';
import { clampIndex, dragWindow, openTarget, parseFrameMessage, renderedUrl, stackImages } from './stack';

describe('stack viewer', () => {
  it('lists every frame of every instance in order', () => {
    const images = stackImages([
      { imageKey: '1.1', frames: 1, url: '/dicomweb/studies/1/series/2/instances/1.1/rendered' },
      { imageKey: '1.2', frames: 2, url: '/dicomweb/studies/1/series/2/instances/1.2/rendered' },
    ]);
    expect(images.map((i) => [i.imageKey, i.frame])).toEqual([
      ['1.1', 1],
      ['1.2', 1],
      ['1.2', 2],
    ]);
    expect(images[2]!.url).toBe('/dicomweb/studies/1/series/2/instances/1.2/frames/2/rendered');
    expect(renderedUrl(images[0]!, 'tok', { center: 40, width: 80 }, 512)).toBe(
      '/dicomweb/studies/1/series/2/instances/1.1/rendered?token=tok&window=40%2C80&viewport=512%2C512',
    );
  });

  it('clamps the index and moves window/level with the drag, never below width 1', () => {
    expect(clampIndex(-3, 10)).toBe(0);
    expect(clampIndex(12, 10)).toBe(9);
    expect(clampIndex(3, 0)).toBe(0);
    expect(dragWindow({ center: 40, width: 400 }, 256, -256)).toEqual({ center: -360, width: 800 });
    expect(dragWindow({ center: 100, width: 10 }, -500, 0).width).toBe(1);
  });

  it('has presets by modality and the grid of spec 3 §2', () => {
    expect(windowPresets('ct').map(([name]) => name)).toContain('lung');
    expect(windowPresets('US')).toEqual([]);
    expect(viewerGrid(1)).toEqual({ columns: 1, rows: 1 });
    expect(viewerGrid(2)).toEqual({ columns: 2, rows: 1 });
    expect(viewerGrid(5)).toEqual({ columns: 2, rows: 2 });
  });

  it('reads only well-formed frame messages', () => {
    const msg = { type: 'laudos-viewer:selection', studyId: 's', seriesId: '1.2', imageKey: '1.2.3', index: 0, count: 4 };
    expect(parseFrameMessage(JSON.stringify(msg))).toEqual(msg);
    expect(parseFrameMessage(msg)).toBeNull();
    expect(parseFrameMessage('{bad')).toBeNull();
    expect(parseFrameMessage(JSON.stringify({ type: 'other' }))).toBeNull();
  });

  it('opens the report on narrow screens or by default, the viewer when screen-roles says so', () => {
    expect(openTarget('a', { narrow: true, screenRoles: '["viewer","report"]' })).toBe('/studies/report/a');
    expect(openTarget('a', { narrow: false, screenRoles: null })).toBe('/studies/report/a');
    expect(openTarget('a', { narrow: false, screenRoles: '["viewer"]' })).toBe('/studies/a/viewer/general');
    expect(openTarget('a', { narrow: false, screenRoles: 'viewer,report' })).toBe('/studies/a/viewer/general?reportOpen=true');
  });
});
