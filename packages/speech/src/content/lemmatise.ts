/**
 * A small rule-based lemmatiser for looking spoken words up in the CEFR lists: irregular forms from a
 * table, then suffix rules (plural -s/-es/-ies, -ed, -ing, comparative -er/-est, adverb -ly) with the
 * usual spelling repairs (doubled consonant, dropped e). It proposes candidates; the caller keeps the
 * first one the word list knows, so over-eager rules cost nothing when the surface form is listed.
 */
const IRREGULAR: Record<string, string> = Object.fromEntries(
  `
am:be is:be are:be was:be were:be been:be being:be 's:be 're:be 'm:be
has:have had:have having:have 've:have 'd:have does:do did:do done:do
went:go gone:go goes:go made:make said:say got:get gotten:get took:take taken:take saw:see seen:see
came:come knew:know known:know thought:think gave:give given:give found:find told:tell became:become
left:leave felt:feel brought:bring began:begin begun:begin kept:keep held:hold wrote:write written:write
stood:stand heard:hear meant:mean met:meet ran:run paid:pay sat:sit spoke:speak spoken:speak
lay:lie lain:lie led:lead grew:grow grown:grow lost:lose fell:fall fallen:fall sent:send built:build
understood:understand drew:draw drawn:draw broke:break broken:break spent:spend rose:rise risen:rise
drove:drive driven:drive bought:buy wore:wear worn:wear chose:choose chosen:choose sought:seek
threw:throw thrown:throw caught:catch dealt:deal won:win forgot:forget forgotten:forget sold:sell
fought:fight taught:teach ate:eat eaten:eat slept:sleep flew:fly flown:fly sang:sing sung:sing
swam:swim swum:swim drank:drink drunk:drink hid:hide hidden:hide rode:ride ridden:ride shook:shake
shaken:shake stole:steal stolen:steal woke:wake woken:wake froze:freeze frozen:freeze bit:bite
bitten:bite fed:feed fled:flee hung:hang struck:strike stuck:stick swept:sweep lent:lend bent:bend
dug:dig shot:shoot shone:shine slid:slide spun:spin sprang:spring sprung:spring stung:sting
strove:strive tore:tear torn:tear wept:weep wound:wind withdrew:withdraw withdrawn:withdraw
forgave:forgive forgiven:forgive overcame:overcome undertook:undertake undertaken:undertake
understood:understand mistook:mistake mistaken:mistake arose:arise arisen:arise
men:man women:woman children:child people:person feet:foot teeth:tooth mice:mouse geese:goose
lives:life wives:wife knives:knife leaves:leaf halves:half wolves:wolf shelves:shelf thieves:thief
better:good best:good worse:bad worst:bad more:much most:much less:little least:little
further:far farther:far furthest:far elder:old eldest:old data:datum criteria:criterion
phenomena:phenomenon analyses:analysis crises:crisis theses:thesis
`
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(':') as [string, string]),
);

const VOWEL = /[aeiou]/;

/** Candidate dictionary forms of a lower-case word, most likely first (the word itself first). */
export function lemmaCandidates(word: string): string[] {
  const out = [word];
  const irregular = IRREGULAR[word];
  if (irregular) out.push(irregular);
  const stem = (s: string) => s.length >= 2 && VOWEL.test(s) && out.push(s);
  const undouble = (s: string) => {
    // stopped → stop, running → run
    if (s.length >= 3 && s.at(-1) === s.at(-2) && !/[aeiouls]/.test(s.at(-1) ?? '')) stem(s.slice(0, -1));
  };
  if (word.endsWith("'s")) stem(word.slice(0, -2));
  if (word.endsWith('ies') && word.length > 4) stem(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) stem(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) stem(word.slice(0, -1));
  if (word.endsWith('ied')) stem(`${word.slice(0, -3)}y`);
  if (word.endsWith('ed')) {
    const base = word.slice(0, -2);
    stem(base);
    stem(`${base}e`);
    undouble(base);
  }
  if (word.endsWith('ing') && word.length > 4) {
    const base = word.slice(0, -3);
    stem(base);
    stem(`${base}e`);
    undouble(base);
  }
  for (const suffix of ['est', 'er']) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2) {
      const base = word.slice(0, -suffix.length);
      if (base.endsWith('i')) stem(`${base.slice(0, -1)}y`); // happier → happy
      stem(base);
      stem(`${base}e`);
      undouble(base);
    }
  }
  if (word.endsWith('ily')) stem(`${word.slice(0, -3)}y`); // happily → happy
  if (word.endsWith('ly') && word.length > 4) stem(word.slice(0, -2));
  return [...new Set(out)];
}

/** True when the word is a regular or irregular past participle form (for grammar patterns). */
export function isPastParticiple(word: string): boolean {
  if (/^[a-z]{2,}ed$/.test(word)) return true;
  return PARTICIPLE_FORMS.includes(word);
}

/** Irregular past participles (regular ones end in -ed). */
export const PARTICIPLE_FORMS =
  `been done gone made said got gotten taken seen known thought given found told become left felt brought
  begun kept held written stood heard meant met run paid sat spoken lain led grown lost fallen sent built
  understood drawn broken spent risen driven bought worn chosen sought thrown caught dealt won forgotten
  sold fought taught eaten slept flown sung swum drunk hidden ridden shaken stolen woken frozen bitten fed
  fled hung struck stuck put set cut hit let shut read hurt cost spread born borne`.split(/\s+/);
