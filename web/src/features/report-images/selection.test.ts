import { expect, it } from '@jest/globals';
import { acceptedFile, fromSaved, move, numberOf, selectAll, toSaved, toggle } from './selection';

const a = { imageKey: '1.1', frame: 1 };
const b = { imageKey: '1.2', frame: 1 };
const c = { imageKey: '1.3', frame: 1 };

it('numbers images in click order; a second click removes and renumbers', () => {
  let s = toggle([], b);
  s = toggle(s, a);
  s = toggle(s, c);
  expect([numberOf(s, b), numberOf(s, a), numberOf(s, c)]).toEqual([1, 2, 3]);
  s = toggle(s, b);
  expect([numberOf(s, b), numberOf(s, a), numberOf(s, c)]).toEqual([null, 1, 2]);
});

it('moves within bounds and keeps the others in order', () => {
  expect(move([a, b, c], 2, -1)).toEqual([a, c, b]);
  expect(move([a, b, c], 0, -1)).toEqual([a, b, c]);
  expect(move([a, b, c], 1, 5)).toEqual([a, c, b]);
});

it('selects all after the ones already chosen, and maps to and from the saved shape', () => {
  expect(selectAll([c], [a, b, c])).toEqual([c, a, b]);
  expect(toSaved([c, { imageKey: '1.4', frame: 2 }])).toEqual([
    { imageKey: '1.3', order: 1 },
    { imageKey: '1.4', order: 2, frame: 2 },
  ]);
  expect(
    fromSaved([
      { imageKey: '1.2', order: 2 },
      { imageKey: '1.1', order: 1, frame: 3 },
    ]),
  ).toEqual([
    { imageKey: '1.1', frame: 3 },
    { imageKey: '1.2', frame: 1 },
  ]);
});

it('offers only jpg, jpeg and png files', () => {
  expect(['a.JPG', 'b.jpeg', 'c.png', 'd.gif', 'e.pdf', 'png'].map(acceptedFile)).toEqual([
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
});
