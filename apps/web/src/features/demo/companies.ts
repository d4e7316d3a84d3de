/**
 * Known demo companies (spec 3 section 2.8). Each is branded with a text wordmark of its name; the
 * two mode keys are accepted as company params but carry no branding.
 */
export interface DemoCompany {
  /** The route param, lower case as typed in a URL (spaces may arrive encoded). */
  key: string;
  /** Shown as the wordmark; null for the mode keys. */
  wordmark: string | null;
  /** Which reading set the company's visitors read. */
  readingSet: 'business' | 'investment' | 'talent';
}

const company = (key: string, wordmark: string, readingSet: DemoCompany['readingSet']): DemoCompany => ({
  key,
  wordmark,
  readingSet,
});

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  company('proxify', 'Proxify', 'talent'),
  company('alva', 'Alva', 'talent'),
  company('nefel', 'Nefel', 'business'),
  company('virtual internships', 'Virtual Internships', 'talent'),
  company('exparang', 'Exparang', 'business'),
  company('outsized', 'Outsized', 'talent'),
  company('northfork', 'Northfork', 'investment'),
  company('volition capital', 'Volition Capital', 'investment'),
  company('prosus', 'Prosus', 'investment'),
  company('seaya', 'Seaya', 'investment'),
  company('aon', 'Aon', 'business'),
  company('redstone', 'Redstone', 'investment'),
  company('earlybird', 'Earlybird', 'investment'),
  company('verve', 'Verve', 'business'),
  company('d little', 'D Little', 'business'),
];

/** Mode keys: known, never branded. */
export const DEMO_MODES = ['free-speech', 'reading-and-free-speech'] as const;
export type DemoModeKey = (typeof DEMO_MODES)[number];

/** Matches a route param to a company; accepts any case and '-' or '_' for spaces. */
export function findCompany(param: string | undefined): DemoCompany | undefined {
  if (!param) return undefined;
  const key = decodeURIComponent(param).trim().toLowerCase().replace(/[-_]+/g, ' ');
  return DEMO_COMPANIES.find((c) => c.key === key);
}

export function isModeKey(param: string | undefined): param is DemoModeKey {
  return !!param && (DEMO_MODES as readonly string[]).includes(param.toLowerCase());
}
