import { describe, expect, it } from '@jest/globals';
import { dragWindow, gridOf, scrollIndex, stackOf } from './stack';

describe('viewer stack', () => {
  it('lists every frame of every instance in order', () => {
    expect(
      stackOf({
        instances: [
          { instanceId: 'a', frames: 1 },
          { instanceId: 'b', frames: 3 },
        ],
      }),
    ).toEqual([
      { instanceId: 'a', frame: 1 },
      { instanceId: 'b', frame: 1 },
      { instanceId: 'b', frame: 2 },
      { instanceId: 'b', frame: 3 },
    ]);
  });
  it('scrolls inside the stack', () => {
    expect(scrollIndex(0, -1, 5)).toBe(0);
    expect(scrollIndex(3, 4, 5)).toBe(4);
    expect(scrollIndex(2, 1, 5)).toBe(3);
    expect(scrollIndex(0, 1, 0)).toBe(0);
  });
  it('changes the window by dragging and never to a zero width', () => {
    expect(dragWindow({ center: 40, width: 400 }, 10, -5)).toEqual({ center: 20, width: 440 });
    expect(dragWindow({ center: 40, width: 10 }, -100, 0)).toEqual({ center: 40, width: 1 });
  });
  it('lays out 1, 2 and 3+ studies as the spec says', () => {
    expect(gridOf(1)).toEqual({ columns: 1, rows: 1 });
    expect(gridOf(2)).toEqual({ columns: 2, rows: 1 });
    expect(gridOf(3)).toEqual({ columns: 2, rows: 2 });
    expect(gridOf(4)).toEqual({ columns: 2, rows: 2 });
  });
});
