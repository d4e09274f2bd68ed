import { NameSample, indexWindows } from './name-trigrams';

/** 'nome<n> sobrenome<n % 97>': every name holds 'nom', 'ome', 'sob'…, as QIDO's bench names do. */
const synthetic = new NameSample(Array.from({ length: 2_000 }, (_, i) => `nome${i * 37 + 100_000} sobrenome${i % 97}`));

describe('indexWindows', () => {
  it('leaves out the trigrams every name holds, and keeps the rare ones whole', () => {
    expect(synthetic.frequency('nom')).toBe(1);
    // 'nom', 'ome', 'me1' (every name) and 'e15' (one in eight) are left out; the digits are read.
    expect(indexWindows(['nome150007'], synthetic)).toEqual(['150007']);
    // A surname every name shares part of: only the part that tells them apart.
    const surname = indexWindows(['sobrenome51'], synthetic)!;
    expect(surname).toHaveLength(1);
    expect('sobrenome51'.includes(surname[0]!)).toBe(true);
    expect(surname[0]).toContain('51');
  });

  it('reads the term whole when nothing in it is common, or when there is no sample', () => {
    expect(indexWindows(['xyzzy'], synthetic)).toBeNull();
    expect(indexWindows(['nome150007'], undefined)).toBeNull();
    expect(indexWindows(['nome150007'], new NameSample([]))).toBeNull();
    // Words under three characters give the index nothing to leave out.
    expect(indexWindows(['ab', 'c'], synthetic)).toBeNull();
  });

  it('always reads at least one trigram, even of a term made of common ones', () => {
    const windows = indexWindows(['nome'], synthetic);
    expect(windows).not.toHaveLength(0);
    for (const w of windows ?? ['nome']) expect(w.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps a common trigram whose absence would let far more rows through', () => {
    // 'ana' is in every name but 'mariana' in 1 of 10; 'mar' alone is in half of them.
    const names = Array.from({ length: 2_000 }, (_, i) =>
      i % 10 === 0 ? `mariana silva${i}` : i % 2 ? `marcos ana${i}` : `joana souza${i}`,
    );
    const sample = new NameSample(names);
    const windows = indexWindows(['mariana'], sample);
    // Whatever is left out, the windows still single out the marianas.
    const holding = names.filter((n) => (windows ?? ['mariana']).every((w) => n.includes(w)));
    expect(holding.length).toBe(names.filter((n) => n.includes('mariana')).length);
  });

  it('splits words at what pg_trgm does not index, and windows never cross them', () => {
    const windows = indexWindows(['nome150007-sobrenome51'], synthetic) ?? [];
    for (const w of windows) expect(w).toMatch(/^[a-z0-9]{3,}$/);
  });
});

describe('NameSample.share', () => {
  it('counts the sampled names holding every window, and never less than half a name', () => {
    const sample = new NameSample(['ana silva', 'ana souza', 'joao silva', 'maria']);
    expect(sample.share(['ana'])).toBe(0.5);
    expect(sample.share(['ana', 'silva'])).toBe(0.25);
    expect(sample.share(['xyz'])).toBe(0.5 / 4);
  });
});
