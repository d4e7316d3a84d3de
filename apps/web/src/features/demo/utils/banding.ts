import type { CefrLevelName } from '@agaton/contracts';

/** CEFR banding and the overall score live in @agaton/contracts (the English test uses them too). */
export { CEFR_NAMES, cefrBand, type LevelAverages, overallScore } from '@agaton/contracts';
export type CefrBand = CefrLevelName;

/** Transcript confidence label: ≥ 0.8 High, ≥ 0.5 Medium, otherwise Low (spec 3 section 4). */
export function intelligibilityLabel(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence >= 0.8) return 'High';
  if (confidence >= 0.5) return 'Medium';
  return 'Low';
}
