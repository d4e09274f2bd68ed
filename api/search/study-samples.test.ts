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
