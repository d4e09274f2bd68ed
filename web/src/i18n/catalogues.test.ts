import { describe, expect, it } from '@jest/globals';
import ptBR from './pt-BR.json';
import en from './en.json';
import es from './es.json';
import i18next from 'i18next';

type Tree = { [key: string]: string | Tree };

/** Every leaf as 'a.b.c' → value. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const source = flatten(ptBR as Tree);
const others: Record<string, Map<string, unknown>> = {
  en: flatten(en as Tree),
  es: flatten(es as Tree),
};

const REPORT_STATES = [0, 1, 2, 3, 4, 5, 11, 12, 13, 16, 17, 20, 21, 22, 23, 24, 25];

describe('i18n catalogues', () => {
  it('pt-BR (the source) has only non-empty strings', () => {
    for (const [key, value] of source) {
      expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
      expect({ key, empty: (value as string).trim() === '' }).toEqual({ key, empty: false });
    }
  });

  for (const [lang, catalogue] of Object.entries(others)) {
    it(`${lang} has no key missing compared to pt-BR`, () => {
      const missing = [...source.keys()].filter((k) => !catalogue.has(k));
      expect(missing).toEqual([]);
    });

    it(`${lang} has no key that pt-BR lacks`, () => {
      const extra = [...catalogue.keys()].filter((k) => !source.has(k));
      expect(extra).toEqual([]);
    });

    it(`${lang} values are non-empty strings with the same placeholders as pt-BR`, () => {
      const wrong: string[] = [];
      for (const [key, value] of catalogue) {
        const src = source.get(key);
        if (typeof value !== 'string' || value.trim() === '') wrong.push(`${key}: empty or not a string`);
        else if (typeof src === 'string' && placeholders(src).join() !== placeholders(value).join())
          wrong.push(`${key}: placeholders differ`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('names every report state in every language', () => {
    for (const catalogue of [source, ...Object.values(others)]) {
      for (const state of REPORT_STATES) expect(catalogue.has(`laudoState.${state}`)).toBe(true);
    }
  });

  it('uses the spec wording for the pt-BR state names', () => {
    expect(source.get('laudoState.0')).toBe('Não iniciado');
    expect(source.get('laudoState.13')).toBe('Segunda opinião solicitada (sem instituição)');
    expect(source.get('laudoState.25')).toBe('Revisando laudo digitado');
  });
});

describe('plural forms', () => {
  // i18next picks _zero / _one / _other by count (Intl.PluralRules): no '1 dias' or '1 images'.
  const t = (lng: string) => {
    const i18n = i18next.createInstance();
    const catalogue = ({ 'pt-BR': ptBR, en, es } as Record<string, object>)[lng]!;
    void i18n.init({ lng, initAsync: false, resources: { [lng]: { translation: catalogue } } });
    return i18n.t.bind(i18n) as (key: string, opts?: Record<string, unknown>) => string;
  };

  it.each([
    ['pt-BR', '1 imagem', '2 imagens', '0 imagens', '1 caractere restante', '1 ano, 1 mês e 1 dia', '2 anos, 0 meses e 3 dias'],
    ['en', '1 image', '2 images', '0 images', '1 character left', '1 year, 1 month and 1 day', '2 years, 0 months and 3 days'],
    ['es', '1 imagen', '2 imágenes', '0 imágenes', '1 carácter restante', '1 año, 1 mes y 1 día', '2 años, 0 meses y 3 días'],
  ])('%s: singular, plural and zero', (lng, one, two, zero, remaining, age1, age2) => {
    const tr = t(lng);
    expect(tr('viewer.images', { count: 1 })).toBe(one);
    expect(tr('viewer.images', { count: 2 })).toBe(two);
    expect(tr('viewer.images', { count: 0 })).toBe(zero);
    expect(tr('editor.dialogs.remaining', { count: 1 })).toBe(remaining);
    const age = (years: number, months: number, days: number) =>
      tr('studyHeader.ageValue', {
        years: tr('studyHeader.years', { count: years }),
        months: tr('studyHeader.months', { count: months }),
        days: tr('studyHeader.days', { count: days }),
      });
    expect(age(1, 1, 1)).toBe(age1);
    expect(age(2, 0, 3)).toBe(age2);
  });

  it.each([
    ['pt-BR', 'Comentários: 3 (1 não lido)', 'Comentários: 3 (2 não lidos)'],
    ['en', 'Comments: 3 (1 unread)', 'Comments: 3 (2 unread)'],
    ['es', 'Comentarios: 3 (1 sin leer)', 'Comentarios: 3 (2 sin leer)'],
  ])('%s: the comments badge counts the unread ones in their own plural', (lng, one, two) => {
    const tr = t(lng);
    const badge = (unread: number) => tr('comments.badge', { count: 3, unread: tr('comments.unread', { count: unread }) });
    expect(badge(1)).toBe(one);
    expect(badge(2)).toBe(two);
  });
});
