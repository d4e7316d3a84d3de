/** How each of the 39 CMU ARPAbet phones is written for learners and how it is made. */
export interface PhonemeInfo {
  /** ARPAbet without stress digits. */
  phone: string;
  ipa: string;
  /** Learner respelling: the sound as in a common word. */
  respelled: string;
  example: string;
  /** How to make the sound, in one short sentence. */
  description: string;
}

const table: [string, string, string, string, string][] = [
  ['AA', 'ɑ', 'ah', 'father', 'Open your mouth wide and keep the tongue low and back, lips relaxed.'],
  ['AE', 'æ', 'a', 'cat', 'Drop the jaw and spread the lips slightly, tongue low and forward.'],
  [
    'AH',
    'ʌ',
    'uh',
    'cup',
    'Relax the mouth half open with the tongue in the middle: a short, neutral sound.',
  ],
  ['AO', 'ɔ', 'aw', 'thought', 'Round the lips a little and keep the tongue low and back.'],
  ['AW', 'aʊ', 'ow', 'now', 'Start with an open "ah" and glide to rounded lips as in "oo".'],
  ['AY', 'aɪ', 'eye', 'time', 'Start with an open "ah" and glide the tongue up towards "ee".'],
  ['B', 'b', 'b', 'bed', 'Press the lips together and release them with the voice on.'],
  [
    'CH',
    'tʃ',
    'ch',
    'chair',
    'Touch the tongue behind the top teeth and release it into a "sh" without voice.',
  ],
  ['D', 'd', 'd', 'day', 'Tap the tongue tip on the ridge behind the top teeth with the voice on.'],
  ['DH', 'ð', 'th', 'this', 'Put the tongue tip between the teeth and push air out with the voice on.'],
  ['EH', 'ɛ', 'e', 'bed', 'Open the mouth a little with the tongue forward and mid-high; keep it short.'],
  [
    'ER',
    'ɝ',
    'ur',
    'bird',
    'Curl or bunch the tongue back without touching the roof, lips slightly rounded.',
  ],
  ['EY', 'eɪ', 'ay', 'day', 'Start at "e" and glide the tongue up towards "ee".'],
  ['F', 'f', 'f', 'fish', 'Rest the top teeth on the lower lip and blow air out without voice.'],
  ['G', 'g', 'g', 'go', 'Raise the back of the tongue to the soft palate and release with the voice on.'],
  ['HH', 'h', 'h', 'hat', 'Breathe out through an open mouth, without friction in the throat.'],
  ['IH', 'ɪ', 'i', 'sit', 'Keep the tongue high and forward but relaxed; shorter and looser than "ee".'],
  ['IY', 'i', 'ee', 'see', 'Spread the lips and raise the tongue high and forward; hold it a little longer.'],
  ['JH', 'dʒ', 'j', 'jump', 'Like "ch" but with the voice on: tongue behind the top teeth, then release.'],
  ['K', 'k', 'k', 'cat', 'Raise the back of the tongue to the soft palate and release a puff of air.'],
  [
    'L',
    'l',
    'l',
    'leg',
    'Touch the tongue tip to the ridge behind the top teeth and let air flow round the sides.',
  ],
  ['M', 'm', 'm', 'man', 'Close the lips and hum through the nose.'],
  ['N', 'n', 'n', 'no', 'Touch the tongue tip to the ridge behind the top teeth and hum through the nose.'],
  [
    'NG',
    'ŋ',
    'ng',
    'sing',
    'Raise the back of the tongue to the soft palate and hum through the nose; no "g" after.',
  ],
  ['OW', 'oʊ', 'oh', 'go', 'Start with rounded lips at "o" and glide to a tighter "oo".'],
  ['OY', 'ɔɪ', 'oy', 'boy', 'Start with rounded "aw" and glide the tongue up towards "ee".'],
  ['P', 'p', 'p', 'pen', 'Press the lips together and release a puff of air without voice.'],
  [
    'R',
    'ɹ',
    'r',
    'red',
    'Curl the tongue tip up and back without touching anything; round the lips slightly.',
  ],
  ['S', 's', 's', 'sun', 'Keep the tongue tip near the ridge behind the top teeth and hiss without voice.'],
  ['SH', 'ʃ', 'sh', 'she', 'Round the lips and pull the tongue a little back from "s"; no voice.'],
  ['T', 't', 't', 'top', 'Tap the tongue tip on the ridge behind the top teeth and release a puff of air.'],
  ['TH', 'θ', 'th', 'think', 'Put the tongue tip between the teeth and blow air out without voice.'],
  ['UH', 'ʊ', 'oo', 'book', 'Round the lips loosely with the tongue high and back; short and relaxed.'],
  ['UW', 'u', 'oo', 'food', 'Round the lips tightly with the tongue high and back; hold it longer.'],
  ['V', 'v', 'v', 'van', 'Rest the top teeth on the lower lip and push air out with the voice on.'],
  ['W', 'w', 'w', 'we', 'Round the lips tightly, then open them into the next vowel.'],
  ['Y', 'j', 'y', 'yes', 'Raise the tongue towards "ee" and glide into the next vowel.'],
  ['Z', 'z', 'z', 'zoo', 'Like "s" but with the voice on: you should feel a buzz.'],
  ['ZH', 'ʒ', 'zh', 'measure', 'Like "sh" but with the voice on.'],
];

/** All 39 ARPAbet phones keyed by their stress-free name. */
export const PHONEMES: ReadonlyMap<string, PhonemeInfo> = new Map(
  table.map(([phone, ipa, respelled, example, description]) => [
    phone,
    { phone, ipa, respelled, example, description },
  ]),
);

/** ARPAbet without stress digits, upper case ("ah0" → "AH"). */
export function basePhone(phone: string): string {
  return phone.replace(/[0-9]/g, '').toUpperCase();
}

/** Information for a phone; unknown symbols get a neutral entry rather than a crash. */
export function phonemeInfo(phone: string): PhonemeInfo {
  const base = basePhone(phone);
  return (
    PHONEMES.get(base) ?? {
      phone: base,
      ipa: base.toLowerCase(),
      respelled: base.toLowerCase(),
      example: '',
      description: '',
    }
  );
}

/** Respelling with its example, as shown to learners: '"a" as in "cat"'. */
export function respell(phone: string): string {
  const info = phonemeInfo(phone);
  return info.example ? `"${info.respelled}" as in "${info.example}"` : info.respelled;
}
