import { StudySample } from './study-samples';

it('counts a sampled study when its folded name, patient ID or accession number holds the term', () => {
  const sample = new StudySample(
    ['maria silva', 'joao souza', 'ana maria costa', 'pedro lima'],
    ['p4242', 'p17', 'p4243', 'x-1'],
    ['acc-1', 'b777777', 'acc-3', 'maria-9'],
    1_000,
  );
  expect(sample.size).toBe(4);
  expect(sample.share('maria', 'maria')).toBe(0.75); // two names and one accession
  expect(sample.share('p424', 'p424')).toBe(0.5);
  expect(sample.share('b777777', 'b777777')).toBe(0.25);
  expect(sample.share('nobody', 'nobody')).toBe(0);
  expect(new StudySample([], [], [], 0).share('a', 'a')).toBe(0);
});

it('never matches a term across two studies or across a study’s two IDs', () => {
  const sample = new StudySample(['ana\nlima', 'rui'], ['p1', 'p2'], ['a1', 'a2'], 10);
  expect(sample.share('ana lima', 'ana lima')).toBe(0.5); // a line break in a name reads as a space
  expect(sample.share('limarui', 'p1a1')).toBe(0);
  expect(sample.share('ana\nlima', 'ana\nlima')).toBe(0);
  expect(sample.share('x', 'p1\ta1')).toBe(0);
  expect(sample.share('a', 'a')).toBe(1); // 'ana lima', and 'rui' by its accession
});
