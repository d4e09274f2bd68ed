/**
 * The account setting forceBiradsClassification (spec 2): a free-text report of a mammography
 * study is finished only with a BI-RADS category (0–6, with 4A/4B/4C) in its text — the SISMAMA
 * model asks for it in its own required fields. Decision 025.
 */
/** 'BI-RADS 2', 'BI-RADS®: categoria 4A', 'BIRADS categoría 0', 'BI-RADS - 5'. */
const CLASSIFICATION = /\bBI\s*-?\s*RADS\b\D{0,25}?\b([0-6])(?:[ABC])?(?![0-9])/i;

export function hasBiradsClassification(text: string): boolean {
  return CLASSIFICATION.test(text);
}

/** Finishing this report needs the classification in its text. */
export function biradsRequired(r: { forced: boolean; modalities: readonly string[]; structuredType: string }): boolean {
  return r.forced && r.modalities.includes('MG') && r.structuredType === '';
}
